import { ancestorSlugs, TreeNode } from './term-tree';

describe('ancestorSlugs', () => {
  const nodes = new Map<number, TreeNode>([
    [1, { parent: 0, slug: 'music' }],
    [2, { parent: 1, slug: 'jazz' }],
    [3, { parent: 2, slug: 'bebop' }],
  ]);

  it('lists the ancestors root first', () => {
    expect(ancestorSlugs(2, nodes)).toEqual(['music', 'jazz']);
    expect(ancestorSlugs(3, nodes)).toEqual(['music', 'jazz', 'bebop']);
  });

  it('is empty for a top-level term', () => {
    expect(ancestorSlugs(0, nodes)).toEqual([]);
  });

  it('stops at an unknown ancestor', () => {
    expect(ancestorSlugs(9, nodes)).toEqual([]);
    expect(ancestorSlugs(4, new Map([[4, { parent: 8, slug: 'orphan' }]]))).toEqual(['orphan']);
  });

  it('stops on a cycle instead of looping', () => {
    const cycle = new Map<number, TreeNode>([
      [1, { parent: 2, slug: 'a' }],
      [2, { parent: 1, slug: 'b' }],
    ]);

    expect(ancestorSlugs(1, cycle)).toEqual(['b', 'a']);
  });
});
