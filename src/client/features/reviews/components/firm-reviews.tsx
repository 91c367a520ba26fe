import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Flag, Star } from 'lucide-react';
import type { FirmReviews as Reviews, Review } from '../../../../shared/reviews';
import { REVIEW_REPLY_MAX, REVIEW_TEXT_MAX } from '../../../../shared/review-limits';
import { PageSpinner } from '../../../components/feedback/page-spinner';
import { Button } from '../../../components/ui/button';
import { Paginator } from '../../../components/ui/paginator';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { loginHref } from '../../../lib/login-popup';
import { useCurrentUser } from '../../../lib/session';
import { useFormatters } from '../../../lib/use-dates';
import { firmReviewsQuery, syncFirmRating, useReplyToReview, useWriteReview } from '../api/reviews';
import styles from './reviews.module.css';

/**
 * The firm page's reviews: the average and count, my review (write or edit it, for a customer
 * who bought or booked here), the others' reviews with the firm's reply, a reply form for the
 * firm's owners and managers, and a report link on each.
 */
export default function FirmReviews({ firmId, username }: { firmId: string; username: string }) {
  const { t } = useTranslation('reviews');
  const user = useCurrentUser();
  const [page, setPage] = useState(0);
  const reviews = useQuery({ ...firmReviewsQuery(firmId, user?.id, page), enabled: typeof window !== 'undefined' });
  const queryClient = useQueryClient();
  useEffect(() => {
    if (reviews.data) syncFirmRating(queryClient, username, reviews.data);
  }, [reviews.data, queryClient, username]);
  if (reviews.isError) return <p className={styles.error}>{reviews.error.message}</p>;
  if (!reviews.data) return <PageSpinner />;
  const data = reviews.data;
  return (
    <div className={styles.reviews} data-testid="reviews">
      <p className={styles.summary} data-testid="review-summary">
        {data.average === null ? (
          t('none')
        ) : (
          <>
            <span className={styles.average}>{data.average.toFixed(1)}</span>
            <Stars value={data.average} />
            <span className={styles.muted}>{t('count', { count: data.count })}</span>
          </>
        )}
      </p>
      {!user ? (
        <p className={styles.muted}>
          <Link to={loginHref(`/${username}`) as '/'}>{t('loginToReview')}</Link>
        </p>
      ) : data.mayReview ? (
        <ReviewForm firmId={firmId} mine={data.mine} />
      ) : (
        !data.mayReply && <p className={styles.muted}>{t('onlyCustomers')}</p>
      )}
      <ul className={styles.list}>
        {data.content.map((review) => (
          <ReviewItem key={review.id} review={review} data={data} firmId={firmId} signedIn={Boolean(user)} />
        ))}
      </ul>
      {data.totalPages > 1 && (
        <Paginator
          page={page + 1}
          previousDisabled={data.first}
          nextDisabled={data.last}
          onPrevious={() => setPage(page - 1)}
          onNext={() => setPage(page + 1)}
        />
      )}
    </div>
  );
}

function Stars({ value }: { value: number }) {
  return (
    <span className={styles.stars} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={16} className={n <= Math.round(value) ? styles.starOn : styles.starOff} />
      ))}
    </span>
  );
}

function ReviewForm({ firmId, mine }: { firmId: string; mine: Review | null }) {
  const { t } = useTranslation('reviews');
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const write = useWriteReview(firmId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('errors.rating'));
      return;
    }
    setError(null);
    write.mutate(
      { rating, text },
      {
        onSuccess: () => setSaved(true),
        onError: (failure) => setError(failure instanceof Error ? failure.message : t('errors.failed')),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="review-form">
      <fieldset className={styles.ratingField}>
        <legend>{mine ? t('editTitle') : t('writeTitle')}</legend>
        <div className={styles.starPicker} role="radiogroup" aria-label={t('ratingLabel')}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.starChoice} title={t('stars', { count: n })}>
              <input
                type="radio"
                name={`rating-${firmId}`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setSaved(false);
                }}
                className="visually-hidden"
                aria-label={t('stars', { count: n })}
              />
              <Star size={28} aria-hidden="true" className={n <= rating ? styles.starOn : styles.starOff} />
            </label>
          ))}
        </div>
      </fieldset>
      <label className={styles.label} htmlFor={`review-text-${firmId}`}>
        {t('textLabel')}
      </label>
      <textarea
        id={`review-text-${firmId}`}
        dir="auto"
        className={styles.input}
        rows={3}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(false);
        }}
      />
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {mine ? t('update') : t('publish')}
        </Button>
        {saved && (
          <span role="status" className={styles.saved}>
            {t('saved')}
          </span>
        )}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function ReviewItem({ review, data, firmId, signedIn }: { review: Review; data: Reviews; firmId: string; signedIn: boolean }) {
  const { t } = useTranslation('reviews');
  const f = useFormatters();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useReplyToReview(firmId);
  return (
    <li className={styles.item} data-testid="review">
      <div className={styles.itemHead}>
        <PersonAvatar name={review.author.name} imagePath={review.author.imagePath} size={36} />
        <div className={styles.itemWho}>
          <span dir="auto" className={styles.author}>
            {review.author.name}
          </span>
          <span className={styles.muted}>
            <span className="visually-hidden">{t('stars', { count: review.rating })}</span>
            <Stars value={review.rating} /> · <time dateTime={review.updatedAt}>{f.relative(review.updatedAt)}</time>
            {review.updatedAt !== review.createdAt && ` · ${t('edited')}`}
          </span>
        </div>
        {signedIn && data.mine?.id !== review.id && (
          <Link
            to="/profile/help/report"
            search={{ type: 'review', id: review.id, name: review.author.name }}
            className={styles.report}
            aria-label={t('report', { name: review.author.name })}
          >
            <Flag size={16} aria-hidden="true" />
          </Link>
        )}
      </div>
      {review.text && (
        <p dir="auto" className={styles.text}>
          {review.text}
        </p>
      )}
      {review.reply ? (
        <div className={styles.reply}>
          <strong>{t('replyFrom')}</strong>
          <p dir="auto" className={styles.text}>
            {review.reply.text}
          </p>
        </div>
      ) : (
        data.mayReply && (
          <form
            className={styles.replyForm}
            onSubmit={(event) => {
              event.preventDefault();
              if (!reply.trim()) {
                setError(t('errors.replyEmpty'));
                return;
              }
              answer.mutate(
                { id: review.id, text: reply },
                { onError: (failure) => setError(failure instanceof Error ? failure.message : t('errors.failed')) },
              );
            }}
          >
            <label className="visually-hidden" htmlFor={`reply-${review.id}`}>
              {t('replyLabel')}
            </label>
            <textarea
              id={`reply-${review.id}`}
              dir="auto"
              className={styles.input}
              rows={2}
              maxLength={REVIEW_REPLY_MAX}
              placeholder={t('replyLabel')}
              value={reply}
              onChange={(event) => setReply(event.target.value)}
            />
            <Button type="submit" size="small" disabled={answer.isPending}>
              {t('reply')}
            </Button>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
          </form>
        )
      )}
    </li>
  );
}
