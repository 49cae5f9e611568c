// The tests' SMTP server (tests/js/lib/smtp.mjs: the npm smtp-server, installed in
// tests/js by scripts/test) and a site whose pleat sends its mail there.
import { startSmtp, linkAndCode } from '../../../tests/js/lib/smtp.mjs';
import { startAdminSite } from './admin.mjs';

export { linkAndCode };

/** A fresh pleat (with the owner account) mailing to a fresh SMTP server; `site.smtp` reads it. */
export async function startMailSite() {
  const smtp = await startSmtp();
  let site;
  try {
    site = await startAdminSite({ env: { PLEAT_SMTP_URL: smtp.url } });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  return {
    ...site,
    smtp,
    async close() {
      try {
        await site.close();
      } finally {
        await smtp.stop();
      }
    },
  };
}
