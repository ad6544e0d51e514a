import { beforeEach, describe, expect, it } from 'vitest'
import {
  addRecentRoute,
  parseRecentRoutes,
  RECENT_ROUTER_KEY,
  RECENT_ROUTER_LIMIT,
  type RecentRoute,
  readRecentRoutes,
  recordRecentRoute,
} from './recent-router.ts'

const entry = (path: string): RecentRoute => ({ title: `titles.${path.split('/').pop()}`, path })

describe('addRecentRoute', () => {
  it('puts the newest entry first', () => {
    const list = addRecentRoute([entry('/console/a')], entry('/console/b'))
    expect(list.map((item) => item.path)).toEqual(['/console/b', '/console/a'])
  })

  it('removes a duplicate path before inserting', () => {
    const list = addRecentRoute(
      [entry('/console/a'), entry('/console/b'), entry('/console/c')],
      entry('/console/b'),
    )
    expect(list.map((item) => item.path)).toEqual(['/console/b', '/console/a', '/console/c'])
  })

  it(`keeps at most ${RECENT_ROUTER_LIMIT} entries`, () => {
    let list: RecentRoute[] = []
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
      list = addRecentRoute(list, entry(`/console/${name}`))
    expect(list).toHaveLength(6)
    expect(list.map((item) => item.path)).toEqual(
      ['h', 'g', 'f', 'e', 'd', 'c'].map((name) => `/console/${name}`),
    )
  })

  it.each(['/console/checkout-counter', '/console/line-buy', '/console/router-buy', '/console/line-buy/'])(
    'never records %s',
    (path) => {
      const before = [entry('/console/a')]
      expect(addRecentRoute(before, entry(path))).toEqual(before)
    },
  )

  it('does not mutate its input', () => {
    const before = [entry('/console/a')]
    addRecentRoute(before, entry('/console/b'))
    expect(before).toEqual([entry('/console/a')])
  })
})

describe('parseRecentRoutes', () => {
  it('reads a stored list and drops malformed entries', () => {
    const raw = JSON.stringify([entry('/console/a'), { title: 1 }, null, entry('/console/b')])
    expect(parseRecentRoutes(raw)).toEqual([entry('/console/a'), entry('/console/b')])
  })

  it.each([null, '', 'not json', '{"a":1}', '42'])('answers an empty list for %s', (raw) => {
    expect(parseRecentRoutes(raw)).toEqual([])
  })
})

describe('recordRecentRoute', () => {
  beforeEach(() => localStorage.clear())

  it('persists under recentRouter as a JSON array of {title, path}', () => {
    recordRecentRoute(entry('/console/overview'))
    recordRecentRoute(entry('/console/ipList'))
    expect(JSON.parse(localStorage.getItem(RECENT_ROUTER_KEY) ?? 'null')).toEqual([
      entry('/console/ipList'),
      entry('/console/overview'),
    ])
    expect(readRecentRoutes()).toHaveLength(2)
  })
})
