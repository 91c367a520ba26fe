import { defineMail, isolate } from '../../lib/mail';
import type { Role } from '../../../shared/permissions';

/** The team's mails (src/server/lib/mail.ts), in English, Arabic and French. */

const ROLE_NAMES: Record<'en' | 'ar' | 'fr', Record<Role, string>> = {
  en: { OWNER: 'an owner', MANAGER: 'a manager', STAFF: 'a team member' },
  ar: { OWNER: 'مالكًا', MANAGER: 'مديرًا', STAFF: 'عضوًا في الفريق' },
  fr: { OWNER: 'propriétaire', MANAGER: 'responsable', STAFF: 'membre de l’équipe' },
};

interface InvitationMailParams {
  inviter: string;
  firmName: string;
  role: Role;
  url: string;
  expiresInDays: number;
}

export const invitationMail = defineMail<InvitationMailParams>({
  en: (p) => ({
    subject: `${p.inviter} invites you to join ${p.firmName} on Souk`,
    blocks: [
      `${isolate(p.inviter)} invites you to join ${isolate(p.firmName)} on Souk as ${ROLE_NAMES.en[p.role]}.`,
      'Open the invitation to accept or decline it. You need a Souk account with this email address, or create one on the way.',
      { button: { label: 'Open the invitation', url: p.url } },
      { note: `The invitation expires in ${p.expiresInDays} days. If you do not know ${p.firmName}, you can ignore this message.` },
    ],
  }),
  ar: (p) => ({
    subject: `${isolate(p.inviter)} يدعوك للانضمام إلى ${isolate(p.firmName)} على سوق`,
    blocks: [
      `يدعوك ${isolate(p.inviter)} للانضمام إلى ${isolate(p.firmName)} على سوق بصفتك ${ROLE_NAMES.ar[p.role]}.`,
      'افتح الدعوة لقبولها أو رفضها. تحتاج إلى حساب في سوق بهذا البريد الإلكتروني، أو أنشئ حسابًا في الطريق.',
      { button: { label: 'فتح الدعوة', url: p.url } },
      { note: `تنتهي صلاحية الدعوة بعد ${p.expiresInDays} يومًا. إذا كنت لا تعرف ${isolate(p.firmName)}، يمكنك تجاهل هذه الرسالة.` },
    ],
  }),
  fr: (p) => ({
    subject: `${p.inviter} vous invite à rejoindre ${p.firmName} sur Souk`,
    blocks: [
      `${isolate(p.inviter)} vous invite à rejoindre ${isolate(p.firmName)} sur Souk en tant que ${ROLE_NAMES.fr[p.role]}.`,
      'Ouvrez l’invitation pour l’accepter ou la refuser. Il vous faut un compte Souk avec cette adresse e-mail, ou créez-en un en chemin.',
      { button: { label: 'Ouvrir l’invitation', url: p.url } },
      { note: `L’invitation expire dans ${p.expiresInDays} jours. Si vous ne connaissez pas ${p.firmName}, ignorez ce message.` },
    ],
  }),
});
