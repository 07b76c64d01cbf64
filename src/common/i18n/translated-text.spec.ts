import { showText } from './translated-text';

describe('showText', () => {
  const rows = [
    { language: 'es', title: 'Concierto', description: 'Piano' },
    { language: 'ca', title: 'Concert', description: null },
  ];

  it('falls back field by field to the original language', () => {
    const sut = showText(rows, ['title', 'description'], 'title', 'ca', 'es');

    expect(sut).toEqual({
      values: { title: 'Concert', description: 'Piano' },
      language: 'ca',
      translations: ['ca', 'es'],
    });
  });

  it('reports the original language when the title is not translated', () => {
    const sut = showText(rows, ['title', 'description'], 'title', 'en', 'es');

    expect(sut.values.title).toBe('Concierto');
    expect(sut.language).toBe('es');
  });
});
