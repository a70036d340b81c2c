// Fake actor answers for interactive stories: a short wait, then an answer, as a server would.
export const wait = (ms = 700) => new Promise((resolve) => setTimeout(resolve, ms))
