// The gateway's side of top-ups: the asynchronous notify (the only thing that credits on the
// gateway's word) and the browser's return (which never credits by itself).
import { OrderNoParams } from '@proxy/contract/wallet/topups'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { acceptFormBodies, flatParams } from '../../platform/form-body.ts'
import { isEpaySignatureValid, parseEpayMoney } from './epay-sign.ts'
import type { PaymentGateway } from './gateway.ts'

/** A top-up as the callbacks read it. */
type PayableOrder = { orderNo: string; cnyAmount: number; status: string }

/**
 * What the callbacks ask of the top-ups: modules/wallet's service, which app.ts passes in (the wallet
 * calls this gateway, so payments imports nothing of the wallet).
 */
type PayableOrders<Order extends PayableOrder> = {
  find(orderNo: string): Promise<Order | undefined>
  credit(orderNo: string, tradeNo: string, context: { actor: string; requestId: string }): Promise<unknown>
  reconcile(order: Order, context: { actor: string; requestId: string }): Promise<unknown>
}

type Deps<Order extends PayableOrder> = { gateway: PaymentGateway; topups: PayableOrders<Order> }

export async function paymentRoutes<Order extends PayableOrder>(
  app: FastifyInstance,
  { gateway, topups }: Deps<Order>,
) {
  acceptFormBodies(app)

  async function handleNotify(params: Record<string, string>, log: FastifyBaseLogger, requestId: string) {
    const reject = (reason: string) => {
      log.warn(
        { reason, outTradeNo: params.out_trade_no, tradeNo: params.trade_no },
        'payment notify rejected',
      )
      return 'fail'
    }
    if (!isEpaySignatureValid(params, gateway.key)) return reject('bad signature')
    if (params.pid !== gateway.pid) return reject('wrong pid')
    const orderNo = OrderNoParams.shape.orderNo.safeParse(params.out_trade_no)
    if (!orderNo.success) return reject('unknown order')
    const order = await topups.find(orderNo.data)
    if (!order) return reject('unknown order')
    if (params.trade_status !== 'TRADE_SUCCESS') return reject(`trade status ${params.trade_status}`)
    if (parseEpayMoney(params.money) !== order.cnyAmount)
      return reject(`money ${params.money} differs from the order`)
    if (!params.trade_no) return reject('no trade number')
    try {
      const outcome = await topups.credit(order.orderNo, params.trade_no, {
        actor: `gateway:${gateway.kind}`,
        requestId,
      })
      log.info({ orderNo: order.orderNo, outcome }, 'payment notify accepted')
      return 'success'
    } catch (error) {
      log.error({ err: error, orderNo: order.orderNo }, 'payment notify could not be credited')
      return 'fail'
    }
  }

  const notifySchema = {
    summary: 'EPay asynchronous notify; answers the plain text success or fail',
    tags: ['payments'],
  }
  app.get('/api/payments/epay/notify', { schema: notifySchema }, async (request, reply) =>
    reply.type('text/plain').send(await handleNotify(flatParams(request.query), request.log, request.id)),
  )
  app.post('/api/payments/epay/notify', { schema: notifySchema }, async (request, reply) =>
    reply
      .type('text/plain')
      .send(await handleNotify(flatParams(request.query, request.body), request.log, request.id)),
  )

  app.get(
    '/api/payments/epay/return',
    {
      schema: {
        summary: 'Where the gateway sends the browser back; redirects to /paySuccess',
        tags: ['payments'],
      },
    },
    async (request, reply) => {
      const params = flatParams(request.query)
      const orderNo = OrderNoParams.shape.orderNo.safeParse(params.out_trade_no)
      if (!orderNo.success) return reply.redirect('/paySuccess')
      // The return is only a hint: ask the gateway ourselves before the customer sees the result.
      const order = await topups.find(orderNo.data)
      if (order?.status === 'pending' && isEpaySignatureValid(params, gateway.key))
        await topups.reconcile(order, { actor: 'return', requestId: request.id })
      return reply.redirect(`/paySuccess?orderNo=${orderNo.data}`)
    },
  )
}
