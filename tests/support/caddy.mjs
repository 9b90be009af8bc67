// Caddy in front of a server, as production serves the site (docs/deploy.md): HTTPS with
// HTTP/2 on one port of 127.0.0.1, its certificate from Caddy's own local authority
// (`tls internal`), and a browser profile that trusts that authority, so that a browser sees
// the site as a visitor's phone does (TLS, one HTTP/2 connection) with no certificate error.
// Debian's caddy (scripts/ensure-tools.sh --test-services) and certutil (libnss3-tools).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

/**
 * Starts Caddy on a free port proxying to `upstream` (`127.0.0.1:PORT`) and resolves once it
 * answers `probe` over HTTPS. Caddy stops when its standard input closes (`stop()`, or this
 * process ending). `origin` is `https://localhost:PORT`; `rootCertificate` is the authority's
 * certificate.
 */
export async function startCaddy(upstream, probe = '/robots.txt') {
  const dir = mkdtempSync(join(tmpdir(), 'onespace-caddy-'));
  const port = await freePort();
  const storage = join(dir, 'storage');
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	http_port ${await freePort()}
	https_port ${port}
	auto_https disable_redirects
	skip_install_trust
	default_bind 127.0.0.1
	storage file_system {
		root ${storage}
	}
	servers {
		protocols h1 h2
	}
}

https://localhost:${port} {
	bind 127.0.0.1
	tls internal
	reverse_proxy ${upstream}
}
`,
  );
  const caddy = spawn('sh', ['-c', 'caddy run --config "$1" --adapter caddyfile & pid=$!; cat >/dev/null; kill $pid; wait $pid', 'sh', caddyfile], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
  });
  const origin = `https://localhost:${port}`;
  const rootCertificate = join(storage, 'pki/authorities/local/root.crt');
  // Polled with curl, not ./wait-for.mjs: Node's fetch cannot be given Caddy's
  // authority to trust.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy stopped at start (exit ${caddy.exitCode})`);
    if (existsSync(rootCertificate)) {
      try {
        execFileSync('curl', ['-sf', '-o', '/dev/null', '--cacert', rootCertificate, `${origin}${probe}`], { stdio: 'ignore' });
        break;
      } catch {
        // Not answering yet: its certificate is still being issued.
      }
    }
    if (Date.now() > deadline) throw new Error(`caddy did not answer ${origin}${probe} within a minute`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    origin,
    rootCertificate,
    stop() {
      caddy.stdin.end();
    },
  };
}

/**
 * A home folder whose NSS database (Chromium's certificate store on Linux, `~/.pki/nssdb`)
 * trusts `certificates` as authorities: Chromium started with HOME set to it accepts the sites
 * they sign as any visitor's browser accepts a public certificate.
 */
export function homeTrusting(certificates) {
  const home = mkdtempSync(join(tmpdir(), 'onespace-browser-home-'));
  const db = join(home, '.pki/nssdb');
  mkdirSync(db, { recursive: true });
  execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password']);
  certificates.forEach((certificate, index) => {
    execFileSync('certutil', ['-A', '-d', `sql:${db}`, '-n', `onespace-local-${index}`, '-t', 'C,,', '-i', certificate]);
  });
  return home;
}
