import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { shellOnSignIn } from './stageGuard';

/** A bundle of chunks by file name: what each imports statically, and the entry and sign-in page marks. */
const bundle = (chunks: Record<string, { imports?: string[]; name?: string; isEntry?: boolean; facade?: string }>) =>
  Object.fromEntries(
    Object.entries(chunks).map(([fileName, c]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        name: c.name ?? fileName.replace(/-.*/, ''),
        imports: c.imports ?? [],
        isEntry: c.isEntry ?? false,
        facadeModuleId: c.facade ?? null,
      } as unknown as Rollup.OutputChunk,
    ]),
  ) as Rollup.OutputBundle;

describe('shellOnSignIn', () => {
  const login = '/app/src/features/auth/pages/LoginPage.tsx';

  it('names the path by which the sign-in page would fetch the shell', () => {
    const found = shellOnSignIn(
      bundle({
        'index-a.js': { isEntry: true, imports: ['boot-b.js'] },
        'boot-b.js': {},
        'LoginPage-c.js': { facade: login, imports: ['boot-b.js', 'form-d.js'] },
        'form-d.js': { imports: ['boot-b.js', 'shell-e.js'] },
        'shell-e.js': { imports: ['boot-b.js'] },
      }),
    );
    expect(found).toEqual(['LoginPage-c.js → form-d.js → shell-e.js']);
  });

  it('passes when only the signed-in screens reach the shell', () => {
    const found = shellOnSignIn(
      bundle({
        'index-a.js': { isEntry: true, imports: ['boot-b.js'] },
        'boot-b.js': {},
        'LoginPage-c.js': { facade: login, imports: ['boot-b.js', 'form-d.js'] },
        'form-d.js': { imports: ['boot-b.js'] },
        'shell-e.js': { imports: ['boot-b.js', 'form-d.js'] },
        'HomePage-f.js': { facade: '/app/src/features/home/pages/HomePage.tsx', imports: ['shell-e.js'] },
      }),
    );
    expect(found).toEqual([]);
  });
});
