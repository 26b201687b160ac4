import type { Plugin, Rollup } from 'vite';

/** The sign-in page's own module: its chunk and the entry's are what a signed-out first load fetches. */
const signInPage = /\/features\/auth\/pages\/LoginPage\.tsx$/;

/**
 * The chunks the sign-in page's first load fetches that import the signed-in shell's chunk, with the
 * path from the entry. The bundler puts into a group's chunk every static import of the modules it
 * captures, used or not: a feature's door with code of its own (a `lazy` export beside static
 * re-exports), reached by the shell for its route table, takes all it re-exports into the shell, and
 * a module of those that the sign-in page also uses then makes the sign-in page load the shell.
 */
export const shellOnSignIn = (bundle: Rollup.OutputBundle): string[] => {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const shell = chunks.find((c) => c.name === 'shell');
  if (!shell) return [];
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const starts = chunks.filter((c) => c.isEntry || (c.facadeModuleId && signInPage.test(c.facadeModuleId)));
  const via = new Map<string, string[]>(starts.map((c) => [c.fileName, [c.fileName]]));
  const queue = [...starts];
  const offending: string[] = [];
  while (queue.length > 0) {
    const chunk = queue.pop() as Rollup.OutputChunk;
    const path = via.get(chunk.fileName) ?? [];
    for (const file of chunk.imports) {
      if (file === shell.fileName) offending.push([...path, file].join(' → '));
      const next = byFile.get(file);
      if (!next || via.has(file) || file === shell.fileName) continue;
      via.set(file, [...path, file]);
      queue.push(next);
    }
  }
  return offending;
};

/** Fails the build when the sign-in page's first load would fetch the shell (see shellOnSignIn). */
export const stageGuard = (): Plugin => ({
  name: 'yunhu:stage-guard',
  apply: 'build',
  generateBundle(_options, bundle) {
    const offending = shellOnSignIn(bundle);
    if (offending.length > 0) {
      this.error(
        `the sign-in page would load the signed-in shell: ${offending.join('; ')}. ` +
          'Export the screen part that pulls it in lazily from its feature door, or import it where it is used.',
      );
    }
  },
});
