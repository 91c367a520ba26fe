import { z } from 'zod';
import { pagedSchema } from './paging';
import { REVIEW_REPLY_MAX, REVIEW_TEXT_MAX } from './review-limits';

/**
 * Reviews of a firm: a signed-in customer with a real relation to the firm (a paid order, or a
 * ticket to one of its events) rates it 1–5 with optional text, once (editable); the firm's team
 * (owners and managers) replies once, publicly. Anyone reads them.
 */
export const reviewInputSchema = z.object({
  rating: z.number().int().min(1, 'validation.min').max(5, 'validation.max'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, 'validation.tooLong').default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewReplySchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(REVIEW_REPLY_MAX, 'validation.tooLong'),
});

export const firmReviewsQuerySchema = z.object({
  firmId: z.string().min(1).max(64),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: z.object({ name: z.string(), flip: z.string(), imagePath: z.string().nullable() }),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const firmReviewsSchema = pagedSchema(reviewSchema).extend({
  /** one decimal; null without reviews */
  average: z.number().nullable(),
  count: z.number().int().min(0),
  /** the caller's own review (signed in) */
  mine: reviewSchema.nullable(),
  /** the caller may write or edit a review: a paid order or a ticket of this firm */
  mayReview: z.boolean(),
  /** the caller may reply for the firm (its owners and managers) */
  mayReply: z.boolean(),
});
export type FirmReviews = z.infer<typeof firmReviewsSchema>;
