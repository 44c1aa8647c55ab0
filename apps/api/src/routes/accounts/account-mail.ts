import type { Services } from '../../services';
import { refuseOver } from '../../rate-limit';

export interface AccountMail {
  subject: string;
  text: string;
}

/** Mails one address at most `mailsPerAddress` times a window, whoever asks: nobody can flood a stranger's mailbox. */
export const mailerWithCap =
  ({ mailer, limits }: Services) =>
  async (email: string, mail: AccountMail): Promise<void> => {
    refuseOver(await limits.mailsPerAddress.hit(email));
    await mailer.send({ to: email, ...mail });
  };
