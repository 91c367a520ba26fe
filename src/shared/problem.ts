import { z } from 'zod';

/** RFC 9457 problem details, the one error shape of the API. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** a creation refused by the plan (code `plan_limit`): the firm's plan, the feature, the plan that allows it */
  plan: z.string().optional(),
  featureKey: z.string().optional(),
  requiredPlan: z.string().optional(),
  /** a booking refused for its time: the next free starts of that day, ISO instants */
  nextSlots: z.array(z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** The extension members a problem may carry (RFC 9457 section 3.2). */
export type ProblemExtensions = Partial<Pick<Problem, 'plan' | 'featureKey' | 'requiredPlan' | 'nextSlots'>>;
