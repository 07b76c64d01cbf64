import {
  documentValues,
  EventRow,
  IndexedEvent,
  replaceStatements,
  TextRow,
} from './search-documents';
import { engineWord } from './search-engine';
import { charsetTable, foldedCharacter } from './sphinx-index';

const event: EventRow = {
  id: 7,
  status: 'publish',
  author: 3,
  original_language: 'en',
  date_utc: new Date('2026-01-01T10:00:00Z'),
  start_utc: new Date('2026-02-01T19:00:00Z'),
  end_utc: new Date('2026-02-01T21:00:00Z'),
  hide_from_listings: 0,
  featured: 1,
  venue_id: null,
  protected: 0,
};

function text(language: string, fields: Partial<TextRow>): [string, TextRow] {
  return [
    language,
    { event_id: 7, language, title: null, description: null, excerpt: null, ...fields },
  ];
}

describe('documentValues', () => {
  const indexed: IndexedEvent = {
    event,
    texts: new Map([
      text('en', { title: 'Jazz night', description: "It's\non", excerpt: 'Bring friends' }),
      text('es', { title: 'Noche de jazz' }),
    ]),
    terms: [4, 9],
    organizers: [],
  };

  it("takes each field in the reader's language, else the original's", () => {
    expect(documentValues(indexed, 'es')).toBe(
      "(31,'Noche de jazz','It\\'s on Bring friends','',3,7,1769972400000,1769979600000,1," +
        "1767261600000,3,0,1,0,(),(4,9),'')",
    );
    expect(documentValues(indexed, 'ca')).toContain(",'Jazz night','It\\'s on Bring friends',");
  });

  it("puts a protected event's description and excerpt where only their readers search", () => {
    const values = documentValues({ ...indexed, event: { ...event, protected: 1 } }, 'en');

    expect(values).toContain(",'Jazz night','','It\\'s on Bring friends',");
  });
});

describe('engineWord', () => {
  it('folds case and marks as the index does, and refuses letters it does not hold', () => {
    expect(engineWord('CRÈME')).toBe('creme');
    expect(engineWord('Çava')).toBe('cava');
    expect(engineWord('音楽')).toBeUndefined();
  });
});

describe('charsetTable', () => {
  it('keeps letters and digits, folds accented capitals, and leaves punctuation out', () => {
    const table = charsetTable();

    expect(table).toContain('U+30..U+39');
    expect(table).toContain('U+C9->U+65');
    expect(foldedCharacter(0x2d)).toBeUndefined();
    expect(foldedCharacter(0xb7)).toBeUndefined();
  });
});

describe('replaceStatements', () => {
  const indexed = (id: number, description: string): IndexedEvent => ({
    event: { ...event, id },
    texts: new Map([text('en', { title: `Event ${id}`, description })]),
    terms: [],
    organizers: [],
  });

  it('splits the documents into statements under the size given, never an event apart', () => {
    const events = [1, 2, 3, 4].map((id) => indexed(id, 'x'.repeat(400)));

    const statements = replaceStatements('events', events, 3000);

    expect(statements).toHaveLength(2);
    expect(statements.map((sql) => sql.match(/'Event \d+'/g)?.length)).toEqual([6, 6]);
    expect(replaceStatements('events', events)).toHaveLength(1);
    expect(replaceStatements('events', [indexed(5, 'y'.repeat(5000))], 3000)).toHaveLength(1);
  });
});
