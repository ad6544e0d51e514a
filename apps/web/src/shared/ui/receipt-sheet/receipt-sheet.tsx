// A receipt or credit note on screen and on paper, in one language: the same printed parts the PDF is
// laid out from (contract's receipts/printed.ts), so the page and the PDF always agree.
import type { ReceiptDocument } from '@proxy/contract/receipts/endpoints'
import { type PrintLanguage, printedDocument } from '@proxy/contract/receipts/printed'
import styles from './receipt-sheet.module.css'

type Props = { document: ReceiptDocument; language: PrintLanguage; 'data-testid'?: string }

export const ReceiptSheet = ({ document, language, 'data-testid': testId = 'receipt-sheet' }: Props) => {
  const printed = printedDocument(document, language)
  return (
    <article className={styles.sheet} lang={language} data-testid={testId}>
      <header className={styles.head}>
        <h1 className={styles.title}>{printed.title}</h1>
        <div>
          <span className={styles.muted}>{printed.number.label}: </span>
          <strong data-testid="receipt-number">{printed.number.value}</strong>
        </div>
      </header>
      <dl className={styles.fields}>
        {printed.fields.map((field) => (
          <div key={field.label} style={{ display: 'contents' }}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.parties}>
        {[printed.issuer, printed.billTo].map((party) => (
          <section key={party.heading} className={styles.party}>
            <div className={styles.muted}>{party.heading}</div>
            {party.lines.map((line, index) => (
              // Lines of an address may repeat; their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
              <div key={index}>{line}</div>
            ))}
          </section>
        ))}
      </div>
      <table className={styles.items}>
        <thead>
          <tr>
            {printed.columns.map((column, index) => (
              <th key={column} className={index > 0 ? styles.number : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {printed.rows.map((cells, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the document's lines never change
            <tr key={row}>
              {cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={index} className={index > 0 ? styles.number : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.totals}>
        {printed.totals.map((total) => (
          <div key={total.label} style={{ display: 'contents' }}>
            <span className={styles.muted}>{total.label}</span>
            <strong className={styles.number}>{total.value}</strong>
          </div>
        ))}
      </div>
      <footer className={styles.notes}>
        {printed.notes.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </footer>
    </article>
  )
}
