import { describe, expect, it } from 'vitest';
import { addChosenFiles } from './choose-files.js';

describe('addChosenFiles', () => {
  it('ignores a file whose name duplicates one already chosen or one earlier in the same pick', () => {
    const first = addChosenFiles([], [{ name: 'a.png' }, { name: 'b.png' }]);
    expect(first).toEqual({ files: [{ name: 'a.png' }, { name: 'b.png' }], ignored: [] });
    const second = addChosenFiles(first.files, [{ name: 'b.png' }, { name: 'c.png' }, { name: 'c.png' }]);
    expect(second.files.map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(second.ignored).toEqual(['b.png', 'c.png']);
  });
});
