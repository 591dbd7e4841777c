import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { REVIEW_TEXT_MAX, ratingSummary } from '@shop/shared/domain/reviews';
import { formatMoment } from '@shop/shared/domain/time';
import { reviewText } from '@shop/shared/messages-reviews';
import type { OwnReview } from '@shop/shared/schemas/review';
import { RatingSummary, Stars } from '../../../components/ui/stars';
import { ListFailed, LoadingNote } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useOwnReview, useProductReviews, useSaveReview } from '../api/reviews-api';
import '../reviews.css';

/** The reviews' anchor on the product page: 'Vlerëso produktin' of a delivered order links to it. */
const REVIEW_FORM_ID = 'vleresimi';

/** 1 to 5 stars as a radio group: arrow keys move, each choice is read as '4 yje'. */
function StarPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const name = useId();
  return (
    <fieldset className="star-picker">
      <legend>{reviewText.stars}</legend>
      <div className="star-picker-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-choice ${n <= value ? 'on' : ''}`}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} required />
            <span className="visually-hidden">{reviewText.star(n)}</span>
            <svg viewBox="0 0 20 20" width="30" height="30" aria-hidden="true">
              <path d="M10 1.5l2.6 5.5 6 .8-4.4 4.1 1.1 5.9L10 15 4.7 17.8l1.1-5.9L1.4 7.8l6-.8z" fill="currentColor" />
            </svg>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ReviewForm({ productId, own, onSaved }: { productId: string; own: NonNullable<OwnReview['review']> | null; onSaved: () => void }) {
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [text, setText] = useState(own?.text ?? '');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const save = useSaveReview(productId, onSaved);
  const textId = useId();
  const countId = useId();
  const form = useRef<HTMLFormElement>(null);
  const { hash } = useLocation();
  const arrivedToRate = hash === `#${REVIEW_FORM_ID}` && own === null;
  useEffect(() => {
    // Come from 'Vlerëso produktin' (a delivered order): the form is the reason of the visit.
    if (!arrivedToRate) return;
    form.current?.scrollIntoView({ block: 'center' });
    form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  }, [arrivedToRate]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    if (rating < 1) {
      setError('Zgjidhni nga 1 deri në 5 yje.');
      return;
    }
    setError('');
    save.mutate(
      { rating, text, edit: own !== null },
      {
        onSuccess: (res) => setDone(res.msg),
        onError: (err) => setError(err instanceof ApiError && err.message ? err.message : 'Diçka shkoi keq. Provo përsëri!'),
      },
    );
  };
  return (
    <form ref={form} className="review-form" onSubmit={submit} noValidate aria-labelledby={`${textId}-title`}>
      <h3 id={`${textId}-title`}>{own ? reviewText.editTitle : reviewText.formTitle}</h3>
      {own?.hidden && <p className="alert alert-info">{reviewText.ownHidden}</p>}
      <StarPicker value={rating} onChange={(n) => (setRating(n), setError(''))} />
      <label htmlFor={textId}>{reviewText.comment}</label>
      <textarea
        id={textId}
        className="input"
        rows={4}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        aria-describedby={countId}
        onChange={(e) => (setText(e.target.value), setError(''))}
      />
      <p id={countId} className="muted review-count">
        {text.length} / {REVIEW_TEXT_MAX}
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <p className="review-done" role="status">
        {done}
      </p>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? reviewText.saving : own ? reviewText.save : reviewText.submit}
      </button>
    </form>
  );
}

/** Who may write: a form for a customer who received the product, a note for everyone else. */
function ReviewAction({ productId, onSaved }: { productId: string; onSaved: () => void }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const mine = useOwnReview(productId, isLoggedIn);
  if (!isLoggedIn) {
    return (
      <p className="review-note">
        <Link to="/login" state={{ from: location.pathname }}>
          {reviewText.loginToReview}
        </Link>
      </p>
    );
  }
  if (mine.isPending) return null;
  if (mine.isError) return <ListFailed onRetry={() => void mine.refetch()} />;
  if (!mine.data.canReview && !mine.data.review) return <p className="review-note muted">{reviewText.notEligible}</p>;
  return <ReviewForm key={mine.data.review?.updatedAt ?? 'new'} productId={productId} own={mine.data.review} onSaved={onSaved} />;
}

/**
 * 'Vlerësimet e klientëve' on the product page: the average and count, the visible reviews
 * (author's first name and initial, date, stars, text), and the form for a customer who received
 * the product (decision 023). Loading, none and a failed read each say so differently.
 */
export function ProductReviews({ productId, onSaved }: { productId: string; onSaved: () => void }) {
  const reviews = useProductReviews(productId);
  let body;
  if (reviews.isPending) body = <LoadingNote text={reviewText.loading} />;
  else if (reviews.isError) body = <ListFailed onRetry={() => void reviews.refetch()} />;
  else if (reviews.data.count === 0) body = <p className="empty-state review-empty">{reviewText.none}</p>;
  else
    body = (
      <>
        <p className="review-average">
          <RatingSummary average={reviews.data.average} count={reviews.data.count} size={22} />
          <span className="visually-hidden">{ratingSummary(reviews.data.average, reviews.data.count)}</span>
        </p>
        <ol className="review-list">
          {reviews.data.reviews.map((r) => (
            <li key={r.id} className="review">
              <div className="review-head">
                <strong className="review-author">{r.author}</strong>
                <span className="review-verified">{reviewText.verified}</span>
                <time className="muted review-date" dateTime={r.createdAt}>
                  {formatMoment(r.createdAt)}
                </time>
              </div>
              <Stars rating={r.rating} size={16} />
              {r.text && <p className="review-text">{r.text}</p>}
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <section className="reviews" id={REVIEW_FORM_ID} aria-labelledby="reviews-title">
      <h2 id="reviews-title">{reviewText.title}</h2>
      {body}
      <ReviewAction productId={productId} onSaved={onSaved} />
    </section>
  );
}
