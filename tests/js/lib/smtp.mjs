// A real SMTP server for the tests (the npm `smtp-server`, parsed with
// `mailparser`): it accepts every message on a free loopback port, without
// TLS or authentication, and keeps them for the test to read.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export async function startSmtp({ port = 0, onMessage = () => {} } = {}) {
  const messages = [];
  const waiters = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom.address,
            subject: mail.subject,
            text: mail.text,
            html: mail.html || '',
            replyTo: mail.replyTo?.value?.[0]?.address,
            messageId: mail.messageId,
          };
          messages.push(message);
          onMessage(message);
          for (const w of [...waiters]) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = server.server.address().port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    /** The next message to `address` matching `filter`, waiting up to `timeout` ms. */
    async waitFor(address, filter = () => true, timeout = 20000) {
      const find = () => messages.find((m) => !m.taken && m.to.includes(address.toLowerCase()) && filter(m));
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = find();
        if (found) {
          found.taken = true;
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeout} ms`);
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
        waiters.length = 0;
      }
    },
    count(address) {
      return messages.filter((m) => m.to.includes(address.toLowerCase())).length;
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The /verify link of a mail's text part, and its 6-digit code. */
export function linkAndCode(mail) {
  const link = mail.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  const code = mail.text.match(/code: (\d{6})/)?.[1];
  return { link, code };
}
