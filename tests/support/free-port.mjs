// A free TCP port on 127.0.0.1, for the servers the scripts and tests start (make audit,
// tests/tooling).
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}
