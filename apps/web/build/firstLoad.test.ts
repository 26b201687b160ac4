import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page's first load carries no soft-phone stack and no charts. What a page
 * loads first is the static import graph from main.tsx, boot.tsx (which main.tsx starts after the
 * first paint) and its route's page; `import()` starts a
 * chunk of its own, fetched later. This walks that graph over the sources (type-only imports
 * aside) and names every package it reaches, so a static import of jssip (or of the charts)
 * anywhere under the sign-in page fails here; the bench (bench/first-load.bench.ts) measures the bytes.
 */
const src = path.resolve(import.meta.dirname, '../src');
const contract = path.resolve(src, '../../../packages/contract/src');

const staticImport =
  /(?:^|\n)\s*(?:import(?!\s+type\b)(?:[\s\w{},*$]*?from\s*)?|export(?!\s+type\b)[\s\w{},*$]*?from\s*)['"]([^'"]+)['"]/g;

const resolveFile = (from: string, spec: string): string | null => {
  const base = path.resolve(path.dirname(from), spec);
  const bare = base.replace(/\.js$/, '');
  for (const candidate of [
    base,
    `${bare}.ts`,
    `${bare}.tsx`,
    path.join(bare, 'index.ts'),
    path.join(bare, 'index.tsx'),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
};

/**
 * The contract files behind the names a module imports from `@yunhu/contract`: the web's entry
 * (web.ts, vite.config.ts's alias) re-exports the route tables' paths and the rest of index.ts, and
 * the bundle keeps only the files whose exports are used (the contract declares no side effects), so
 * the walk follows each name to the file that declares it, not the whole entry.
 */
const contractFiles = (code: string): string[] => {
  const web = fs.readFileSync(path.join(contract, 'web.ts'), 'utf8');
  const files = fs.readdirSync(contract).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const names = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@yunhu\/contract'/g)].flatMap(([, list]) =>
    (list ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type ')),
  );
  return names.map((name) => {
    const reexport = new RegExp(`export \\{ ${name} \\} from '\\./([\\w/-]+)\\.js'`).exec(web);
    if (reexport) return path.join(contract, `${reexport[1]}.ts`);
    const declares = new RegExp(`export (?:const|function|class) ${name}\\b`);
    const file = files.find((f) => declares.test(fs.readFileSync(path.join(contract, f), 'utf8')));
    if (!file) throw new Error(`@yunhu/contract: no file declares ${name}`);
    return path.join(contract, file);
  });
};

/** The source files and the packages the static graph from `entries` reaches. */
export const staticGraph = (entries: string[]) => {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((e) => path.resolve(src, e));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const code = fs.readFileSync(file, 'utf8');
    queue.push(...contractFiles(code));
    for (const [, spec] of code.matchAll(staticImport)) {
      if (!spec || spec === '@yunhu/contract') continue;
      if (spec.startsWith('.')) {
        const target = resolveFile(file, spec);
        if (!target) throw new Error(`${path.relative(src, file)}: cannot resolve ${spec}`);
        queue.push(target);
      } else {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
      }
    }
  }
  return { files: [...files].map((f) => path.relative(src, f)), packages: [...packages].sort() };
};

describe('the signed-in screens', () => {
  it('reach no zod: the labels and lists they show come from the contract files without schemas', {
    timeout: 180_000,
  }, () => {
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const modules = walk(src)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|test-setup\.ts$/.test(f))
      .map((f) => path.relative(src, f));
    expect(modules.length).toBeGreaterThan(200);
    // The brand settings page checks a host name with the contract's own schema before it saves.
    expect(modules.filter((m) => staticGraph([m]).packages.includes('zod'))).toEqual([
      'features/platform/pages/BrandSettingsPage.tsx',
    ]);
  });
});

describe('the sign-in page first load', () => {
  const login = staticGraph(['main.tsx', 'boot.tsx', 'features/auth/pages/LoginPage.tsx']);

  it('reaches neither the soft-phone stack nor the charts', () => {
    expect(login.packages).not.toContain('jssip');
    expect(login.files.filter((f) => /softphone\/phone\.ts|shared\/charts\//.test(f))).toEqual([]);
  });

  it('carries no zod: the contract gives the web its route tables as paths, the codes apart from the schemas', () => {
    expect(login.packages).not.toContain('zod');
    expect(login.files.filter((f) => f.includes('locales/zh-CN/') && !/(auth|common|signIn)\.ts$/.test(f))).toEqual([]);
  });

  it('carries no shell: layout, menu and user loading come after sign-in', () => {
    expect(login.files.filter((f) => f.startsWith('app/layout/') && !f.endsWith('PageLoading.tsx'))).toEqual([]);
    expect(login.files).not.toContain('app/UserLoader.tsx');
    // The query cache is the shell's: the sign-in pages call the API directly.
    expect(login.packages).not.toContain('@tanstack/react-query');
    // Dates and antd's App (its modal) are the shell's too: the sign-in pages show neither.
    expect(login.packages).not.toContain('dayjs');
    expect(login.files).not.toContain('app/layout/dateLocale.ts');
    // The screens' route tables (and the contract files behind their permissions) join on /menu.
    expect(login.files.filter((f) => /^features\/(?!auth\/)[^/]+\/(routes|contentRoutes)\.tsx$/.test(f))).toEqual([]);
  });

  it('can fail: the shell, once signed in, reaches the soft-phone widget only through import()', () => {
    const widget = staticGraph(['features/softphone/components/SoftphoneWidget.tsx']);
    expect(widget.packages).not.toContain('jssip');
    // The dock's 话术 button is light: the panel, its list and the library's calls come with the first click.
    expect(widget.files).toContain('features/resource/components/ScriptButton.tsx');
    expect(widget.files.filter((f) => /resource\/(api\.ts|components\/(?!ScriptButton))/.test(f))).toEqual([]);
    // The stack itself is jssip: the walk sees it when it starts there.
    expect(staticGraph(['features/softphone/phone.ts']).packages).toContain('jssip');
    // The census cards draw with the charts: the walk sees them when it starts there.
    expect(staticGraph(['features/crm/census/CensusCharts.tsx']).files).toContain('shared/charts/Chart.tsx');
    // A page that takes a label from a file with schemas reaches zod (the walk follows the names).
    expect(staticGraph(['features/platform/pages/BrandSettingsPage.tsx']).packages).toContain('zod');
  });
});

describe('the signed-in first load', () => {
  /** The names a file imports from antd's index. */
  const antdNames = (files: string[]) =>
    files
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(src, f), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)].flatMap(
          ([, list]) => (list ?? '').split(',').map((n) => `${n.trim()} (${f})`),
        ),
      )
      .filter((n) => !n.startsWith('type '));
  // antd's Modal (with Dialog and Skeleton), its App (whose component renders a modal holder),
  // Typography (ellipsis, copy, editing) and Card (Tabs, Skeleton) load with what opens a dialog.
  const heavy = /^(Modal|App|Typography|Card) /;

  it('the shell imports none of antd`s Modal, App, Typography or Card', () => {
    const shell = staticGraph(['app/layout/AppLayout.tsx', 'app/menuRoutes.tsx', 'app/UserLoader.tsx']);
    // Its own modules: this walk takes a feature's index whole, the bundler only the names read.
    const own = shell.files.filter((f) => f.startsWith('app/'));
    expect(own).toContain('app/layout/NoticeBell.tsx');
    expect(antdNames(own).filter((n) => heavy.test(n))).toEqual([]);
  });

  it('the list screens open their dialogs, drawers and import wizards lazily: no Modal on their first screen', () => {
    const screens = [
      'features/crm/pages/MyCustomerPage.tsx',
      'features/call/pages/CallRecordPage.tsx',
      'features/call/pages/PhoneStatisticsPage.tsx',
      'features/call/taskCard/pages/TaskCardPage.tsx',
      'features/org/pages/StaffManagePage.tsx',
    ];
    for (const screen of screens) {
      const names = antdNames(staticGraph([screen]).files);
      expect(
        names.filter((n) => /^(Modal|App|Drawer|Upload) /.test(n)),
        screen,
      ).toEqual([]);
    }
  });

  it('通话记录 shows its default range without antd`s calendar, which comes with the first click', () => {
    // Its filters and the stand-in (the walk takes shared/list's FilterItems whole, with the
    // DateRangeFilter it re-exports and the bundler drops where unused).
    const own = ['features/call/components/CallRecordFilters.tsx', 'shared/form/RangePickerOnFocus.tsx'];
    expect(antdNames(own).filter((n) => n.startsWith('DatePicker '))).toEqual([]);
    // The walk sees the picker when it starts at the part loaded on focus.
    expect(antdNames(staticGraph(['shared/form/RangePickerLoaded.tsx']).files)).toContain(
      'DatePicker (shared/form/RangePickerLoaded.tsx)',
    );
  });
});
