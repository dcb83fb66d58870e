import pino from 'pino';
import { BackgroundMail } from './background-mail';

const logger = pino({ level: 'silent' });

describe('BackgroundMail', () => {
  it('retries a refused send, then gives up and logs; stop waits for what is in flight', async () => {
    let calls = 0;
    const transport = {
      sendMail: jest.fn(async () => {
        calls++;
        if (calls < 3) throw new Error('421 try later');
      }),
      close: jest.fn(),
    };
    const mail = new BackgroundMail(transport, { logger, what: 'test', retryDelaysMs: [1, 1] });
    mail.send({ to: 'a@example.com' });
    await mail.stop();
    expect(transport.sendMail).toHaveBeenCalledTimes(3);
    expect(transport.close).toHaveBeenCalled();
  });

  it('stops after the last retry', async () => {
    const transport = { sendMail: jest.fn(async () => Promise.reject(new Error('550'))), close: jest.fn() };
    const mail = new BackgroundMail(transport, { logger, what: 'test', retryDelaysMs: [1] });
    mail.send({ to: 'a@example.com' });
    await mail.stop();
    expect(transport.sendMail).toHaveBeenCalledTimes(2);
  });
});
