import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string; subject: string; text: string; links: string[] };

/**
 * A real SMTP server on a free port (the issue: tests read mail from a real SMTP server). The
 * app sends through nodemailer with SMTP_URL pointing here; tests wait for messages by address.
 */
export async function startSmtp() {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        messages.push(parse(to, Buffer.concat(chunks).toString('utf8')));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to `to` whose subject matches, waiting up to 5 s for it. */
    async next(to: string, subject: RegExp, since = 0): Promise<CapturedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = messages
          .slice(since)
          .filter((m) => m.to === to.toLowerCase() && subject.test(m.subject))
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no mail to ${to} matching ${subject}; got ${messages.map((m) => m.subject).join(', ')}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME: headers, the text/plain part, quoted-printable decoded, links extracted. */
function parse(to: string, raw: string): CapturedMail {
  const subject =
    /^Subject: (.*(?:\r?\n[ \t].*)*)/im
      .exec(raw)?.[1]
      ?.replace(/\r?\n[ \t]/g, ' ')
      .trim() ?? '';
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const textPart =
    /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(decoded)?.[1] ?? decoded;
  const links = [...textPart.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
  return { to, subject, text: textPart, links };
}
