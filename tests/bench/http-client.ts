import { httpLoad } from './bench-http.js';

/** The HTTP load generator as a process of its own, so the server's process is measured alone. */
const [port, token, payload, connections, seconds] = process.argv.slice(2);
httpLoad(Number(port), token!, JSON.parse(payload!), Number(connections), Number(seconds))
  .then((result) => process.send?.(result), (e: unknown) => { console.error(e); process.exit(1); })
  .finally(() => process.disconnect?.());
