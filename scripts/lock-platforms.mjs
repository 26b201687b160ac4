// The npm registry this project installs from holds only some platforms' builds of packages that
// ship native binaries as optional dependencies (Biome's other-OS CLIs answer 404). `npm install`
// then leaves them out of package-lock.json and `npm ci` refuses the lock as out of sync. This
// records each missing optional platform package in the lock with its os/cpu, so `npm ci` skips
// it on other platforms as it would anyway. Run after `npm install` changes the lock:
//   node scripts/lock-platforms.mjs
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const platformOf = (name) => {
  const os = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'sunos', 'aix'].find((o) =>
    name.includes(`-${o}-`),
  );
  const cpu = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64'].find((c) =>
    new RegExp(`-${c}(-|$)`).test(name),
  );
  return os && cpu ? { os, cpu, libc: name.endsWith('-musl') ? 'musl' : name.endsWith('-gnu') ? 'glibc' : null } : null;
};

let added = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${where ? `${where}/` : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[hoisted] = {
      version,
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added++;
  }
}
if (added) fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: ${added} optional platform package(s) recorded`);
