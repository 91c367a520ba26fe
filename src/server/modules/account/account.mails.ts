import { defineMail, isolate } from '../../lib/mail';

/** The account's mails (src/server/lib/mail.ts), in English, Arabic and French. */

export const emailChangeMail = defineMail<{ firstName: string; code: string; newEmail: string }>({
  en: ({ firstName, code, newEmail }) => ({
    subject: 'Confirm your new Souk email address',
    blocks: [
      `Hello ${isolate(firstName)},`,
      `Enter this code in Souk to make ${isolate(newEmail)} your account’s email address:`,
      { code },
      'It works once and expires in 10 minutes.',
      { note: 'If you did not ask for this, ignore this message: nothing changes.' },
    ],
  }),
  ar: ({ firstName, code, newEmail }) => ({
    subject: 'أكّد عنوان بريدك الجديد في سوق',
    blocks: [
      `مرحبًا ${isolate(firstName)}،`,
      `أدخل هذا الرمز في سوق ليصبح ${isolate(newEmail)} عنوان بريد حسابك:`,
      { code },
      'يعمل مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      { note: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: لن يتغير شيء.' },
    ],
  }),
  fr: ({ firstName, code, newEmail }) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail Souk',
    blocks: [
      `Bonjour ${isolate(firstName)},`,
      `Saisissez ce code dans Souk pour que ${isolate(newEmail)} devienne l’adresse de votre compte :`,
      { code },
      'Il ne sert qu’une fois et expire dans 10 minutes.',
      { note: 'Si vous n’avez rien demandé, ignorez ce message : rien ne change.' },
    ],
  }),
});

export const deletionCodeMail = defineMail<{ firstName: string; code: string; days: number }>({
  en: ({ firstName, code, days }) => ({
    subject: 'Your code to delete your Souk account',
    blocks: [
      `Hello ${isolate(firstName)},`,
      'Enter this code in Souk to confirm that your account should be deleted:',
      { code },
      `Your account will then be deleted after ${days} days. Until then, logging in and choosing “Keep my account” stops it.`,
      { note: 'If you did not ask for this, change your password: someone may be using your account.' },
    ],
  }),
  ar: ({ firstName, code, days }) => ({
    subject: 'رمز حذف حسابك في سوق',
    blocks: [
      `مرحبًا ${isolate(firstName)}،`,
      'أدخل هذا الرمز في سوق لتأكيد حذف حسابك:',
      { code },
      `سيُحذف حسابك بعد ${isolate(days)} يومًا. حتى ذلك الحين، يوقف تسجيل الدخول واختيار «الإبقاء على حسابي» الحذف.`,
      { note: 'إذا لم تطلب ذلك، غيّر كلمة المرور: ربما يستخدم أحدهم حسابك.' },
    ],
  }),
  fr: ({ firstName, code, days }) => ({
    subject: 'Votre code pour supprimer votre compte Souk',
    blocks: [
      `Bonjour ${isolate(firstName)},`,
      'Saisissez ce code dans Souk pour confirmer la suppression de votre compte :',
      { code },
      `Votre compte sera supprimé dans ${days} jours. D’ici là, vous connecter et choisir « Garder mon compte » l’arrête.`,
      { note: 'Si vous n’avez rien demandé, changez votre mot de passe : quelqu’un utilise peut-être votre compte.' },
    ],
  }),
});
