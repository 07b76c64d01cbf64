import { CostDescription, describeCost, normaliseCostInput, parseAmount } from './cost';

const noCurrency = { currency_symbol: '', currency_code: '', currency_position: '' } as const;

describe('normaliseCostInput', () => {
  it('turns a string into one trimmed entry', () => {
    expect(normaliseCostInput('  $23 ')).toEqual(['$23']);
  });

  it('turns an empty or blank string into no entries', () => {
    expect(normaliseCostInput('')).toEqual([]);
    expect(normaliseCostInput('   ')).toEqual([]);
  });

  it('turns a finite non-negative number into its decimal string', () => {
    expect(normaliseCostInput(25)).toEqual(['25']);
    expect(normaliseCostInput(0)).toEqual(['0']);
    expect(normaliseCostInput(12.5)).toEqual(['12.5']);
  });

  it('keeps the trimmed non-empty entries of an array of strings and numbers', () => {
    expect(normaliseCostInput([' 0$', '20$ ', '', '  ', 30])).toEqual(['0$', '20$', '30']);
    expect(normaliseCostInput([])).toEqual([]);
  });

  it.each([
    ['a negative number', -1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an object', { amount: 5 }],
    ['a boolean', true],
    ['null', null],
    ['undefined', undefined],
    ['a nested array', [['5']]],
    ['an array with a negative number', [5, -2]],
    ['an array with an object', ['5', {}]],
    ['an array with null', ['5', null]],
  ])('rejects %s with null', (_label, input) => {
    expect(normaliseCostInput(input)).toBeNull();
  });
});

describe('parseAmount', () => {
  it.each([
    ['23', '23'],
    ['23.00', '23'],
    ['15,50', '15.5'],
    ['15.50', '15.5'],
    ['1.234,50', '1234.5'],
    ['1,234.50', '1234.5'],
    ['1,234', '1234'],
    ['2.500', '2500'],
    ['1.234.567', '1234567'],
    ['1,234,567.89', '1234567.89'],
    ['1.234.567,89', '1234567.89'],
    ['0.500', '0.5'],
    ['1234,567', '1234.567'],
    ['9,99', '9.99'],
    ['007', '7'],
    ['0', '0'],
    ['0,00', '0'],
    ['1\u00a0234,50', '1234.5'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });
});

describe('describeCost', () => {
  const expectCost = (entries: string[], expected: CostDescription): void => {
    expect(describeCost(entries)).toEqual(expected);
  };

  describe('TEC examples', () => {
    it('shows ["0$","20$","30$"] as "Free – 30$" with a postfix $', () => {
      expectCost(['0$', '20$', '30$'], {
        cost: 'Free – 30$',
        details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'postfix',
          values: ['0', '20', '30'],
        },
      });
    });

    it('shows "$23" as "$23" with a prefix $', () => {
      expectCost(['$23'], {
        cost: '$23',
        details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'prefix',
          values: ['23'],
        },
      });
    });

    it('shows "20$" as "20$" with a postfix $', () => {
      expectCost(['20$'], {
        cost: '20$',
        details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'postfix',
          values: ['20'],
        },
      });
    });

    it('shows an empty cost with no values and no currency', () => {
      expectCost(normaliseCostInput('') ?? ['unreachable'], {
        cost: '',
        details: { ...noCurrency, values: [] },
      });
    });
  });

  describe('values', () => {
    it('finds two values in a range entry', () => {
      expect(describeCost(['10 - 20 €']).details.values).toEqual(['10', '20']);
    });

    it('collects values from every entry, de-duplicated and sorted numerically', () => {
      expect(describeCost(['100€', '9€', '20€', '9 €', '20.00€']).details.values).toEqual([
        '9',
        '20',
        '100',
      ]);
    });

    it('sorts decimals numerically, not as text', () => {
      expect(describeCost(['10.5', '9.75', '10']).details.values).toEqual(['9.75', '10', '10.5']);
    });

    it.each([
      ['15,50 €', '15.5'],
      ['1.234,50€', '1234.5'],
      ['1,234.50', '1234.5'],
      ['1,234', '1234'],
      ['$23.00', '23'],
    ])('reads %s with either decimal convention as %s', (entry, value) => {
      expect(describeCost([entry]).details.values).toEqual([value]);
    });

    it.each([['free'], ['Free'], ['FREE'], ['gratis'], ['Gratis'], ['gratuït'], ['GRATUÏT']])(
      'counts the word %s as 0',
      (entry) => {
        expect(describeCost([entry]).details.values).toEqual(['0']);
      },
    );

    it('does not count words that merely contain free', () => {
      expect(describeCost(['Carefree freedom']).details.values).toEqual([]);
    });

    it('has no values for no entries', () => {
      expect(describeCost([]).details.values).toEqual([]);
    });
  });

  describe('currency', () => {
    it('detects a postfix euro sign after a range', () => {
      expect(describeCost(['10 - 20 €']).details).toMatchObject({
        currency_symbol: '€',
        currency_position: 'postfix',
      });
    });

    it.each([
      ['£5', '£', 'prefix'],
      ['¥500', '¥', 'prefix'],
      ['₹ 250', '₹', 'prefix'],
      ['US$ 5', 'US$', 'prefix'],
      ['100 kr', 'kr', 'postfix'],
      ['15,50 €', '€', 'postfix'],
    ])('detects the symbol of %s', (entry, symbol, position) => {
      expect(describeCost([entry]).details).toMatchObject({
        currency_symbol: symbol,
        currency_code: '',
        currency_position: position,
      });
    });

    it('puts a three-letter ISO code in currency_code and leaves the symbol empty', () => {
      expectCost(['USD 15'], {
        cost: 'USD 15',
        details: {
          currency_symbol: '',
          currency_code: 'USD',
          currency_position: 'prefix',
          values: ['15'],
        },
      });
    });

    it('detects a postfix ISO code', () => {
      expect(describeCost(['15 EUR'])).toEqual({
        cost: '15 EUR',
        details: {
          currency_symbol: '',
          currency_code: 'EUR',
          currency_position: 'postfix',
          values: ['15'],
        },
      });
    });

    it('reports both a symbol and a code, formatting with the symbol', () => {
      expect(describeCost(['$23 USD'])).toEqual({
        cost: '$23',
        details: {
          currency_symbol: '$',
          currency_code: 'USD',
          currency_position: 'prefix',
          values: ['23'],
        },
      });
    });

    it('uses the first symbol found across entries', () => {
      expect(describeCost(['5', '€10', '20$']).details).toMatchObject({
        currency_symbol: '€',
        currency_position: 'prefix',
      });
    });

    it('ignores capitalised words that are not next to an amount', () => {
      expect(describeCost(['10 € (TBA)']).details.currency_code).toBe('');
    });

    it('does not take the word free as a currency', () => {
      expect(describeCost(['Free', '20'])).toEqual({
        cost: 'Free – 20',
        details: { ...noCurrency, values: ['0', '20'] },
      });
    });

    it('reports no currency for bare numbers', () => {
      expect(describeCost(['1,234.50']).details).toEqual({ ...noCurrency, values: ['1234.5'] });
    });
  });

  describe('cost display string', () => {
    it('shows a single 0 as Free', () => {
      expectCost(['0'], { cost: 'Free', details: { ...noCurrency, values: ['0'] } });
    });

    it('shows the word free as Free', () => {
      expect(describeCost(['free']).cost).toBe('Free');
    });

    it('shows a single value with its currency', () => {
      expect(describeCost(['15,50 €']).cost).toBe('15.5€');
      expect(describeCost(['1.234,50€']).cost).toBe('1234.5€');
    });

    it('shows several values as lowest – highest with an en dash', () => {
      expect(describeCost(['10 - 20 €']).cost).toBe('10€ – 20€');
      expect(describeCost(['$10-$20', '$15']).cost).toBe('$10 – $20');
    });

    it('shows Free – highest when the lowest value is 0', () => {
      expect(describeCost(['Gratuït', '5€', '12€']).cost).toBe('Free – 12€');
    });

    it('puts one space between an amount and a letter currency', () => {
      expect(describeCost(['100 kr', '200 kr']).cost).toBe('100 kr – 200 kr');
      expect(describeCost(['USD 15', 'USD 25']).cost).toBe('USD 15 – USD 25');
    });

    it('keeps free text without amounts', () => {
      expectCost(['Donation'], { cost: 'Donation', details: { ...noCurrency, values: [] } });
    });

    it('joins several free-text entries with a comma', () => {
      expect(describeCost(['Donation', 'Pay what you want']).cost).toBe(
        'Donation, Pay what you want',
      );
    });

    it('reads its own display string back to the same description', () => {
      const first = describeCost(['0$', '20$', '30$']);
      expect(describeCost([first.cost])).toEqual({
        ...first,
        details: { ...first.details, values: ['0', '30'] },
      });
    });

    it('describes a numeric input normalised from a number', () => {
      expect(describeCost(normaliseCostInput(25) ?? [])).toEqual({
        cost: '25',
        details: { ...noCurrency, values: ['25'] },
      });
    });
  });
});
