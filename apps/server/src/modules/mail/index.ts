/** The public face of this module: other modules and the app import from here, never from its files. */
export { createMailer, type Mailer } from './mailer.ts';
export { emailLink, mails } from './templates.ts';
