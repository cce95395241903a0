/**
 * A small real SMTP server for tests: speaks enough of RFC 5321 for a client to hand over a
 * message (EHLO, MAIL, RCPT, DATA, QUIT), keeps what it received, and can be told to refuse
 * recipients to exercise retries, or to hold senders to catch a message mid-delivery.
 */
import net from 'node:net';
import { listenServer } from '../../support/listen.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** While true, every RCPT is answered 550. */
  refuse: boolean;
  /** While true, a new connection is taken and never greeted: its sender waits, the message unsent. */
  hold: boolean;
  /** How many connections were taken while holding. */
  held: number;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const sink: SmtpSink = { url: '', received: [], refuse: false, hold: false, held: 0, close: async () => undefined };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (sink.hold) {
      sink.held += 1;
      return;
    }
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            sink.received.push(mail);
            mail = { from: '', to: [], data: '' };
            say('250 2.0.0 queued');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 sink.test');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (sink.refuse) say('550 5.1.1 mailbox unavailable');
          else {
            mail.to.push(line.slice(8).trim());
            say('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          say('354 end with .');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          say('250 ok');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 5.5.2 command not recognised');
      }
    });
  });
  sink.url = (await listenServer(server)).replace(/^http:/, 'smtp:');
  sink.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return sink;
}
