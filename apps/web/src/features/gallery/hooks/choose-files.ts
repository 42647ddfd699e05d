/**
 * Adds newly picked files to those already chosen, ignoring any whose name duplicates one already
 * chosen (or one earlier in the same pick) (docs/spec/staff.md, section 5: "Files whose name duplicates one
 * already chosen are ignored"). Returns the new list and the names that were ignored.
 */
export function addChosenFiles<F extends { name: string }>(chosen: readonly F[], picked: Iterable<F>) {
  const names = new Set(chosen.map((f) => f.name));
  const next = [...chosen];
  const ignored: string[] = [];
  for (const file of picked) {
    if (names.has(file.name)) {
      ignored.push(file.name);
      continue;
    }
    names.add(file.name);
    next.push(file);
  }
  return { files: next, ignored };
}
