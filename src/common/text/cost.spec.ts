import { TEC_SITE_CURRENCY, costCurrency, describeCost, normaliseCostInput } from './cost';

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

const site = TEC_SITE_CURRENCY;
const details = (symbol: string, position: '' | 'prefix' | 'postfix', values: string[]) => ({
  currency_symbol: symbol,
  currency_code: '',
  currency_position: position,
  values,
});

describe('describeCost as a TEC 6.3.7 site shows the same costs', () => {
  // Each case is an event of the recorded site (test/fixtures/tec-site-2): its `_EventCost`
  // entries as WordPress's own route gives them, and what TEC's REST API answers. Event 1157
  // is left out: its `$` came from WordPress's separate currency field, not from its text.
  it.each([
    ['$10 - $25 (1124)', ['$10 - $25'], '$10 – $25', details('', '', ['10', '25'])],
    [
      '0$, 20$, 30$ (1125)',
      ['0$', '20$', '30$'],
      'Free – 30$',
      details('$', 'postfix', ['0', '20', '30']),
    ],
    [
      'Pay what you can (1126)',
      ['Pay what you can'],
      'Pay what you can',
      details('', '', ['pay-what-you-can']),
    ],
    ['Free (1127)', ['Free'], 'Free', details('', '', ['free'])],
    ['€12.50 (1129)', ['€12.50'], '€12.50', details('€', 'prefix', ['12.50'])],
    ['1,000 kr (1130)', ['1,000 kr'], '$1,000', details('', '', ['1000'])],
    ['25 (a create through the REST API)', ['25'], '$25', details('', '', ['25'])],
  ])('%s', (_label, entries, cost, expected) => {
    expect(describeCost(entries, site)).toEqual({ cost, details: expected });
  });

  it('shows no cost for no entries', () => {
    expect(describeCost([], site)).toEqual({ cost: '', details: details('', '', []) });
  });
});

describe('costCurrency as TEC parses a written cost', () => {
  // tribe-common's own tests of parse_currency_symbol and parse_currency_position.
  it.each<[string[], string, '' | 'prefix' | 'postfix']>([
    [['foo'], '', ''],
    [['foo bar'], '', ''],
    [['2$'], '$', 'postfix'],
    [['$2'], '$', 'prefix'],
    [['$ 2'], '$', 'prefix'],
    [['2 $'], '$', 'postfix'],
    [['free, 20$, 30$'], '$', 'postfix'],
    [['free', '20$', '30$'], '$', 'postfix'],
    [['free', '20¥', '30$'], '', ''],
    [['20¥', '30$'], '', ''],
    [['free', '20¥'], '¥', 'postfix'],
    [['$20', '30$'], '$', ''],
    [['$ 20', '$30'], '$', 'prefix'],
    [['20$', '30 $'], '$', 'postfix'],
  ])('%j names %j, %j', (entries, symbol, position) => {
    expect(costCurrency(entries)).toEqual({ symbol, position });
  });

  it('splits a cost of one entry at its commas, as TEC splits the string it is sent', () => {
    expect(costCurrency(['$1,000'])).toEqual({ symbol: '', position: '' });
    expect(costCurrency(['10 - 20 €'])).toEqual({ symbol: '', position: '' });
  });
});

describe('describeCost keeps TEC quirks', () => {
  it('keeps amounts as written and shows the lowest and highest', () => {
    expect(describeCost(['€5.00', '€12.50'], site)).toEqual({
      cost: '€5.00 – €12.50',
      details: details('€', 'prefix', ['5.00', '12.50']),
    });
  });

  it('shows the site currency, where it stands, when the cost names none', () => {
    expect(describeCost(['10', '20'], { symbol: '€', position: 'postfix' }).cost).toBe('10€ – 20€');
    expect(describeCost(['15 EUR'], site).cost).toBe('15EUR');
    expect(describeCost(['10'], { symbol: '', position: 'prefix' }).cost).toBe('10');
  });

  it('shows zero amounts, however written, as Free', () => {
    expect(describeCost(['0.00'], site).cost).toBe('Free');
    expect(describeCost(['0', '0,00 €'], site).cost).toBe('Free');
  });

  it('shows two words as Free, and lists both as slugs', () => {
    expect(describeCost(['Donation', 'Pay what you want'], site)).toEqual({
      cost: 'Free',
      details: details('', '', ['donation', 'pay-what-you-want']),
    });
  });

  it('takes the words around an amount as its symbol', () => {
    // What is left of the entry once its amount is taken out is the symbol; it is not found
    // whole in the entry, so it has no position and stands where the site's would.
    expect(describeCost(['Free or 10$'], site)).toEqual({
      cost: 'Free or $10',
      details: details('Free or $', '', ['10']),
    });
  });

  it('drops an amount with a thousands comma from lowest and highest among others', () => {
    // PHP does not deem "1,000" numeric, so TEC leaves it out of min and max, not of values.
    expect(describeCost(['$25', '$1,000'], site)).toEqual({
      cost: '$25',
      details: details('$', 'prefix', ['25', '1000']),
    });
  });

  it('reads decimal commas and thousands points in values by their separators', () => {
    expect(describeCost(['15,50 €'], site).details.values).toEqual(['15.50']);
    // Both separators in one number: TEC's pattern reads two amounts, `1.234` and `,50`.
    expect(describeCost(['1.234,50 €'], site).details.values).toEqual(['.50', '1.234']);
    expect(describeCost(['2.500 €'], site).details.values).toEqual(['2.500']);
  });

  it('orders values numerically, words as 0, first come first among equals', () => {
    expect(describeCost(['100€', '9€', 'Free', '20.5€'], site).details.values).toEqual([
      'free',
      '9',
      '20.5',
      '100',
    ]);
  });

  it('keeps the first of equal amounts across entries', () => {
    expect(describeCost(['10$', '10$', '20$'], site).details.values).toEqual(['10', '20']);
  });

  it('shows a number sent as a number like the same digits sent as text', () => {
    expect(describeCost(normaliseCostInput(12.5) ?? [], site)).toEqual(
      describeCost(['12.5'], site),
    );
  });
});
