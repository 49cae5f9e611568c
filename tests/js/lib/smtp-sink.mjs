// The tests' SMTP server as a process, for the Rust tests of the outbox
// (crates/mail/tests): `node smtp-sink.mjs PORT` listens on 127.0.0.1:PORT,
// prints `listening`, then one JSON line per message received.
import { startSmtp } from './smtp.mjs';

const port = Number(process.argv[2] ?? 0);
const smtp = await startSmtp({ port, onMessage: (m) => console.log(JSON.stringify(m)) });
console.log('listening', smtp.url);
process.on('SIGTERM', async () => {
  await smtp.stop();
  process.exit(0);
});
