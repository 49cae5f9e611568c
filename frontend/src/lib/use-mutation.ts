// State around one write call for the admin editors: whether it is running, and its
// outcome as a value (success, or the failure's message) instead of a thrown error, so a
// form can stay open with what the owner typed and say what went wrong.
import { useCallback, useState } from 'react'
import { errorMessage } from './use-query'

export type MutationResult<T> = { success: true; data: T } | { success: false; error: string }

/** Runs `call`, turning a thrown error into `{ success: false, error }` ('An error occurred' when it has no message). */
export async function settle<T>(call: () => Promise<T>): Promise<MutationResult<T>> {
  try {
    return { success: true, data: await call() }
  } catch (error) {
    return { success: false, error: errorMessage(error) }
  }
}

export function useMutation<A extends unknown[], T>(fn: (...args: A) => Promise<T>) {
  const [isPending, setIsPending] = useState(false)
  const mutate = useCallback(
    async (...args: A): Promise<MutationResult<T>> => {
      setIsPending(true)
      try {
        return await settle(() => fn(...args))
      } finally {
        setIsPending(false)
      }
    },
    [fn],
  )
  return { mutate, isPending }
}
