// In-process scheduler (DESIGN §8). Each job claims its rows with row locks, so every replica
// can run the same schedule; a run never overlaps the previous run of the same job.
import type { FastifyInstance } from 'fastify'

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> }

export function startJobs(app: FastifyInstance, jobs: Job[]) {
  const timers = jobs.map((job) => {
    let isRunning = false
    const timer = setInterval(async () => {
      if (isRunning) return
      isRunning = true
      try {
        const result = await job.run()
        app.log.debug({ job: job.name, result }, 'job ran')
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'job failed')
      } finally {
        isRunning = false
      }
    }, job.everyMs)
    timer.unref()
    return timer
  })
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer)
  })
}
