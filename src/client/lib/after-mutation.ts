/**
 * Runs what follows a mutation from its promise (`mutateAsync`) rather than from `mutate`'s own
 * callbacks: React Query drops those once the component that called is gone, and a mutation's
 * refetch often removes or remounts that very component (an answered invitation's card, a team
 * member's page keyed by the role just saved). A refusal goes to `onError`, or is left to the
 * mutation cache's toast.
 */
export function afterMutation<T>(
  result: Promise<T>,
  { onSuccess, onError }: { onSuccess?: (value: T) => void; onError?: (error: unknown) => void },
): void {
  result.then(onSuccess, (error: unknown) => onError?.(error));
}
