// The default actor of a staff test message: the src/api call, aborted through `signal`.
import { fromPromise } from 'xstate'
import { adminApi } from '../../src/api/admin'
import type { TestSendRequest, TestSendResult } from '../../src/domain/test-send'

export const sendTest = fromPromise<TestSendResult, TestSendRequest>(({ input, signal }) =>
  adminApi.testSend(input, signal),
)
