import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ImageUp } from 'lucide-react';
import { profileUpdateSchema } from '../../../../shared/auth';
import type { SessionUser } from '../../../../shared/user';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-head';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../../../components/ui/text-field';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { ProfileAvatar } from './avatar';
import formLayout from '../../../components/ui/form.module.css';
import styles from './profile.module.css';

const nameSchema = profileUpdateSchema.pick({ firstName: true, lastName: true });
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export function ProfileEdit() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  usePageTitle(t('edit.title'));
  if (!user) return null;
  return (
    <section className={styles.page} aria-labelledby="edit-title">
      <Link to="/profile" className={styles.back}>
        <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
        {t('back')}
      </Link>
      <h1 className={styles.title} id="edit-title">
        {t('edit.title')}
      </h1>
      <ImageSection user={user} />
      <NameSection user={user} />
    </section>
  );
}

function NameSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const pending = update.isPending;
  const labels = { firstName: t('edit.firstName'), lastName: t('edit.lastName') };
  // the stored name may predate today's rules (or a Google account may have come without a family name): say so at once
  const form = useZodForm(nameSchema, { firstName: user.firstName, lastName: user.lastName }, labels, 'always');
  const submit = form.handleSubmit(async (data) => {
    try {
      await update.mutateAsync(data);
      toast.success(t('edit.saved'));
    } catch (error) {
      if (!(error instanceof ApiError && form.applyServerErrors(error.fieldErrors))) {
        toast.error(error instanceof Error ? error.message : t('edit.failed'));
      }
    }
  });
  const input = (name: 'firstName' | 'lastName', autoComplete: string) => (
    <TextField {...form.field(name)} label={labels[name]} error={form.errorOf(name)} autoComplete={autoComplete} />
  );
  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('edit.nameTitle')}</h2>
      <form className={formLayout.form} onSubmit={submit} noValidate aria-busy={pending}>
        <div className={formLayout.row}>
          {input('firstName', 'given-name')}
          {input('lastName', 'family-name')}
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? t('edit.saving') : t('edit.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function ImageSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const fileRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | undefined>();
  const uploadImage = useUploadProfileImage();
  const pending = uploadImage.isPending;
  const [error, setError] = useState<string | undefined>();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const upload = async (file: File) => {
    setError(undefined);
    if (!file.type.startsWith('image/')) return setError(t('edit.notImage'));
    if (file.size > MAX_IMAGE_BYTES) return setError(t('edit.tooLarge'));
    setPreview(URL.createObjectURL(file));
    try {
      await uploadImage.mutateAsync(file);
      toast.success(t('edit.imageSaved'));
    } catch {
      setPreview(undefined);
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('edit.imageTitle')}</h2>
      <div className={styles.imageRow}>
        <ProfileAvatar user={user} src={preview} />
        <input
          ref={fileRef}
          id="profile-image"
          type="file"
          // the button below opens it: one stop for the keyboard, and a name for the field itself
          tabIndex={-1}
          aria-label={t('edit.chooseImage')}
          accept="image/*"
          className={styles.fileInput}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button onClick={() => fileRef.current?.click()} disabled={pending} aria-describedby={error ? 'profile-image-error' : undefined}>
          <ImageUp size={18} aria-hidden="true" />
          {pending ? t('edit.uploading') : t('edit.chooseImage')}
        </Button>
      </div>
      {error && (
        <p className={styles.error} id="profile-image-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
