// A built-in EPay gateway for development, tests and demos (DESIGN §7): it verifies the
// merchant's signature, shows a checkout page, sends a signed notify over real HTTP and
// answers order queries, so the whole top-up path runs through the production code.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../platform/db/client.ts'
import { acceptFormBodies, flatParams } from '../../../platform/form-body.ts'
import { isEpaySignatureValid, parseEpayMoney, withEpaySignature } from '../epay-sign.ts'
import { sandboxTrades } from './sandbox.schema.ts'
import { sandboxCheckoutPage, sandboxErrorPage } from './sandbox-page.ts'

type Deps = { db: Db; pid: string; key: string }
type Trade = typeof sandboxTrades.$inferSelect

const NOTIFY_ATTEMPTS = 4
const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

export async function sandboxGatewayRoutes(app: FastifyInstance, { db, pid, key }: Deps) {
  acceptFormBodies(app)
  const hidden = { schema: { hide: true } }

  const signedResult = (trade: Trade) =>
    withEpaySignature(
      {
        pid,
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        type: trade.type,
        name: trade.name,
        money: trade.money,
        trade_status: 'TRADE_SUCCESS',
      },
      key,
    )

  /** Sends the signed notify until the merchant answers exactly `success`, with a short backoff. */
  async function notify(trade: Trade): Promise<boolean> {
    const url = `${trade.notifyUrl}${trade.notifyUrl.includes('?') ? '&' : '?'}${new URLSearchParams(signedResult(trade))}`
    for (let attempt = 1; attempt <= NOTIFY_ATTEMPTS; attempt++) {
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(5000) })
        if ((await answer.text()).trim() === 'success') return true
      } catch (error) {
        app.log.warn({ err: error, attempt }, 'sandbox notify failed')
      }
      await new Promise((done) => setTimeout(done, 200 * attempt))
    }
    return false
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/sandbox-pay/submit.php',
    ...hidden,
    handler: async (request, reply) => {
      const params = flatParams(request.query, request.body)
      reply.type('text/html; charset=utf-8')
      if (params.pid !== pid || !isEpaySignatureValid(params, key))
        return reply.code(400).send(sandboxErrorPage('签名校验失败 The signature does not match.'))
      const {
        out_trade_no: outTradeNo,
        type,
        name,
        money,
        notify_url: notifyUrl,
        return_url: returnUrl,
      } = params
      if (
        !outTradeNo ||
        !type ||
        !name ||
        !notifyUrl ||
        !returnUrl ||
        parseEpayMoney(money) === null ||
        !money
      )
        return reply.code(400).send(sandboxErrorPage('参数不完整 Missing parameters.'))
      await db
        .insert(sandboxTrades)
        .values({
          tradeNo: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
          outTradeNo,
          type,
          name,
          money,
          notifyUrl,
          returnUrl,
        })
        .onConflictDoNothing({ target: sandboxTrades.outTradeNo })
      // Like a real checkout, a cancelled attempt can be reopened and paid on the next visit.
      await db
        .update(sandboxTrades)
        .set({ status: 'pending' })
        .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'cancelled')))
      const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo))
      if (!trade) return reply.code(500).send(sandboxErrorPage('Trade not stored.'))
      return reply.send(sandboxCheckoutPage(trade))
    },
  })

  app.post('/sandbox-pay/pay', hidden, async (request, reply) => {
    const { trade_no: tradeNo = '' } = flatParams(request.body)
    const [paid] = await db
      .update(sandboxTrades)
      .set({ status: 'paid' })
      .where(and(eq(sandboxTrades.tradeNo, tradeNo), ne(sandboxTrades.status, 'cancelled')))
      .returning()
    if (!paid)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(sandboxErrorPage('没有这笔交易 No such trade.'))
    await notify(paid)
    const separator = paid.returnUrl.includes('?') ? '&' : '?'
    return reply.redirect(`${paid.returnUrl}${separator}${new URLSearchParams(signedResult(paid))}`)
  })

  app.post('/sandbox-pay/cancel', hidden, async (request, reply) => {
    const { trade_no: tradeNo = '' } = flatParams(request.body)
    const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo))
    if (!trade)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(sandboxErrorPage('没有这笔交易 No such trade.'))
    if (trade.status === 'pending')
      await db.update(sandboxTrades).set({ status: 'cancelled' }).where(eq(sandboxTrades.tradeNo, tradeNo))
    const separator = trade.returnUrl.includes('?') ? '&' : '?'
    return reply.redirect(
      `${trade.returnUrl}${separator}${new URLSearchParams({ out_trade_no: trade.outTradeNo })}`,
    )
  })

  app.get('/sandbox-pay/api.php', hidden, async (request, reply) => {
    const params = flatParams(request.query)
    if (params.act !== 'order' || params.pid !== pid || !sameSecret(params.key ?? '', key))
      return reply.send({ code: -1, msg: '商户校验失败' })
    const [trade] = await db
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.outTradeNo, params.out_trade_no ?? ''))
    if (!trade) return reply.send({ code: -1, msg: '订单不存在' })
    return reply.send({
      code: 1,
      msg: 'succ',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      type: trade.type,
      pid,
      name: trade.name,
      money: trade.money,
      status: trade.status === 'paid' ? 1 : 0,
    })
  })
}
