// The HTML check (tests/e2e/html-validity.test.ts) runs the W3C Nu Html Checker, vnu.jar from the
// vnu-jar package, on Java. Install Debian's Java when it is missing and we may.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';

const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

if (hasJava()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    'Java not found (the HTML check runs vnu.jar on it). Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y default-jre-headless\n' +
      'or put a Java 11 or newer `java` on the PATH.',
  );
  process.exit(1);
}
console.log('Java not found: installing Debian package default-jre-headless (about a minute)...');
// Slim Debian images drop /usr/share/man, and the JRE's post-install step fails without this folder.
mkdirSync('/usr/share/man/man1', { recursive: true });
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless', {
  stdio: 'inherit',
});
if (!hasJava()) {
  console.error('apt-get finished but `java` is still not on the PATH.');
  process.exit(1);
}
