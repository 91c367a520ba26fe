import { defineMail, isolate } from '../../lib/mail';

/** The auth module's mails (src/server/lib/mail.ts), in English, Arabic and French. */

export const signupCodeMail = defineMail<{ firstName: string; code: string }>({
  en: ({ firstName, code }) => ({
    subject: 'Your Souk sign-up code',
    blocks: [
      `Hello ${isolate(firstName)},`,
      'Enter this code to finish creating your Souk account:',
      { code },
      'It works once and expires in 10 minutes.',
      { note: 'If you did not ask for it, you can ignore this message.' },
    ],
  }),
  ar: ({ firstName, code }) => ({
    subject: 'رمز التسجيل في سوق',
    blocks: [
      `مرحبًا ${isolate(firstName)}،`,
      'أدخل هذا الرمز لإكمال إنشاء حسابك في سوق:',
      { code },
      'يعمل مرة واحدة وتنتهي صلاحيته بعد 10 دقائق.',
      { note: 'إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.' },
    ],
  }),
  fr: ({ firstName, code }) => ({
    subject: 'Votre code d’inscription à Souk',
    blocks: [
      `Bonjour ${isolate(firstName)},`,
      'Saisissez ce code pour terminer la création de votre compte Souk :',
      { code },
      'Il ne sert qu’une fois et expire dans 10 minutes.',
      { note: 'Si vous ne l’avez pas demandé, vous pouvez ignorer ce message.' },
    ],
  }),
});

export const signupExistingMail = defineMail<{ loginUrl: string; resetUrl: string }>({
  en: ({ loginUrl, resetUrl }) => ({
    subject: 'Someone tried to sign up to Souk with your email',
    blocks: [
      'Someone (maybe you) tried to create a Souk account with this email address. You already have an account.',
      { button: { label: 'Log in', url: loginUrl } },
      'Forgot your password? Choose a new one:',
      { button: { label: 'Reset my password', url: resetUrl } },
      { note: 'If this was not you, you can ignore this message.' },
    ],
  }),
  ar: ({ loginUrl, resetUrl }) => ({
    subject: 'حاول أحدهم التسجيل في سوق ببريدك الإلكتروني',
    blocks: [
      'حاول أحدهم (ربما أنت) إنشاء حساب في سوق بهذا البريد الإلكتروني. لديك حساب بالفعل.',
      { button: { label: 'تسجيل الدخول', url: loginUrl } },
      'نسيت كلمة المرور؟ اختر كلمة جديدة:',
      { button: { label: 'إعادة تعيين كلمة المرور', url: resetUrl } },
      { note: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة.' },
    ],
  }),
  fr: ({ loginUrl, resetUrl }) => ({
    subject: 'Quelqu’un a essayé de s’inscrire à Souk avec votre e-mail',
    blocks: [
      'Quelqu’un (peut-être vous) a essayé de créer un compte Souk avec cette adresse e-mail. Vous avez déjà un compte.',
      { button: { label: 'Se connecter', url: loginUrl } },
      'Mot de passe oublié ? Choisissez-en un nouveau :',
      { button: { label: 'Réinitialiser mon mot de passe', url: resetUrl } },
      { note: 'Si ce n’était pas vous, vous pouvez ignorer ce message.' },
    ],
  }),
});

export const passwordResetMail = defineMail<{ firstName: string; code: string; resetUrl: string }>({
  en: ({ firstName, code, resetUrl }) => ({
    subject: 'Reset your Souk password',
    blocks: [
      `Hello ${isolate(firstName)},`,
      'Enter this code to choose a new password:',
      { code },
      { button: { label: 'Or choose it here', url: resetUrl } },
      'It works once and expires in 10 minutes. Setting a new password signs you out everywhere else.',
      { note: 'If you did not ask for it, you can ignore this message: your password stays as it is.' },
    ],
  }),
  ar: ({ firstName, code, resetUrl }) => ({
    subject: 'إعادة تعيين كلمة مرور سوق',
    blocks: [
      `مرحبًا ${isolate(firstName)}،`,
      'أدخل هذا الرمز لاختيار كلمة مرور جديدة:',
      { code },
      { button: { label: 'أو اخترها من هنا', url: resetUrl } },
      'يعمل مرة واحدة وتنتهي صلاحيته بعد 10 دقائق. اختيار كلمة مرور جديدة يسجّل خروجك من كل الأجهزة الأخرى.',
      { note: 'إذا لم تطلبه، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.' },
    ],
  }),
  fr: ({ firstName, code, resetUrl }) => ({
    subject: 'Réinitialisez votre mot de passe Souk',
    blocks: [
      `Bonjour ${isolate(firstName)},`,
      'Saisissez ce code pour choisir un nouveau mot de passe :',
      { code },
      { button: { label: 'Ou choisissez-le ici', url: resetUrl } },
      'Il ne sert qu’une fois et expire dans 10 minutes. Un nouveau mot de passe vous déconnecte partout ailleurs.',
      { note: 'Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.' },
    ],
  }),
});

/** A password login from a browser that had not signed in to this account before. */
export const newDeviceMail = defineMail<{ firstName: string; device: string; address: string; sessionsUrl: string; resetUrl: string }>({
  en: ({ firstName, device, address, sessionsUrl, resetUrl }) => ({
    subject: 'New sign-in to your Souk account',
    blocks: [
      `Hello ${isolate(firstName)},`,
      `Your account was just signed in to from a device it had not been used on: ${isolate(device)}, address ${isolate(address)}.`,
      'If this was you, there is nothing to do.',
      { button: { label: 'See my signed-in devices', url: sessionsUrl } },
      { note: 'If this was not you, choose a new password now: it signs out every other device.' },
      { button: { label: 'Reset my password', url: resetUrl } },
    ],
  }),
  ar: ({ firstName, device, address, sessionsUrl, resetUrl }) => ({
    subject: 'تسجيل دخول جديد إلى حسابك في سوق',
    blocks: [
      `مرحبًا ${isolate(firstName)}،`,
      `تم تسجيل الدخول إلى حسابك للتو من جهاز لم يُستخدم معه من قبل: ${isolate(device)}، العنوان ${isolate(address)}.`,
      'إذا كنت أنت، فلا داعي لفعل أي شيء.',
      { button: { label: 'عرض الأجهزة المسجّل دخولها', url: sessionsUrl } },
      { note: 'إذا لم تكن أنت، اختر كلمة مرور جديدة الآن: سيؤدي ذلك إلى تسجيل الخروج من كل الأجهزة الأخرى.' },
      { button: { label: 'إعادة تعيين كلمة المرور', url: resetUrl } },
    ],
  }),
  fr: ({ firstName, device, address, sessionsUrl, resetUrl }) => ({
    subject: 'Nouvelle connexion à votre compte Souk',
    blocks: [
      `Bonjour ${isolate(firstName)},`,
      `Votre compte vient d’être utilisé depuis un appareil inconnu : ${isolate(device)}, adresse ${isolate(address)}.`,
      'Si c’était vous, vous n’avez rien à faire.',
      { button: { label: 'Voir mes appareils connectés', url: sessionsUrl } },
      { note: 'Si ce n’était pas vous, choisissez tout de suite un nouveau mot de passe : cela déconnecte tous les autres appareils.' },
      { button: { label: 'Réinitialiser mon mot de passe', url: resetUrl } },
    ],
  }),
});
