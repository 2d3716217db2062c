import { useId } from 'react';
import { pageButtons, pageCount, pageSizeOptions, rangeOf, showPaging } from '../../../engine/access/paging-rules.js';
import { formatTotal } from './grid-format.js';
import type { TextFn } from './grid-types.js';

interface GridPagerProps {
  /** names the navigation landmark (several grids may share a page) */
  caption: string;
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  rowsShown: number;
  /** false: no paging control while the rows fit one page (the PDP self-assessment's 25); more rows than that still get it, so none is out of reach */
  paging?: boolean;
  text: TextFn;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

interface PagerButtonProps {
  label: string;
  /** accessible name when the visible label is short ('Page 3'); it contains the visible label */
  name?: string;
  page: number;
  disabled?: boolean;
  current?: boolean;
  /** first / last: left out on narrow screens */
  edge?: boolean;
  onPage: (p: number) => void;
}

function PagerButton({ label, name, page, disabled, current, edge, onPage }: PagerButtonProps) {
  return (
    <li className={`usa-pagination__item data-grid__pager-item${edge ? ' data-grid__pager-edge' : ''}`}>
      <button type="button" className={`usa-pagination__button data-grid__page${current ? ' usa-current' : ''}`}
        aria-label={name} aria-current={current ? 'page' : undefined} disabled={disabled} onClick={() => onPage(page)}>
        {label}
      </button>
    </li>
  );
}

/**
 * 'Showing 1–5 of 23' and, when the total exceeds 5 and the grid pages, the paging control: page size (5, 25, and 50
 * or 100 as the total grows), first, previous, at most 5 page numbers, next, last.
 */
export function GridPager({ caption, total, totalCapped, page, pageSize, rowsShown, paging = true, text, onPage, onPageSize }: GridPagerProps) {
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const { from } = rangeOf(page, pageSize);
  const shownTo = from + Math.max(0, rowsShown) - 1;
  return (
    <div className="data-grid__footer">
      <p className="data-grid__range" aria-live="polite">
        {rowsShown > 0 ? text('grid.showing', { from: from.toLocaleString('en-US'), to: shownTo.toLocaleString('en-US'), total: formatTotal(total, totalCapped) }) : ''}
      </p>
      {(paging ? showPaging(total) : total > pageSize) && (
        <>
          <div className="data-grid__size">
            <label className="usa-label data-grid__size-label" htmlFor={sizeId}>{text('grid.pageSize')}</label>
            <select className="usa-select data-grid__size-select" id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
              {pageSizeOptions(total, pageSize).map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </div>
          <nav className="usa-pagination data-grid__pagination" aria-label={text('grid.pagination', { caption })}>
            <ul className="usa-pagination__list">
              {pages > 5 && <PagerButton edge label={text('grid.first')} name={text('grid.firstPage')} page={1} disabled={page <= 1} onPage={onPage} />}
              <PagerButton label={text('grid.previous')} name={text('grid.previousPage')} page={page - 1} disabled={page <= 1} onPage={onPage} />
              {pageButtons(page, pages).map((n) => (
                <PagerButton key={n} label={String(n)} name={text('grid.pageLabel', { page: n })} page={n} current={n === page} onPage={onPage} />
              ))}
              <PagerButton label={text('grid.next')} name={text('grid.nextPage')} page={page + 1} disabled={page >= pages} onPage={onPage} />
              {pages > 5 && <PagerButton edge label={text('grid.last')} name={text('grid.lastPage', { page: pages })} page={pages} disabled={page >= pages} onPage={onPage} />}
            </ul>
          </nav>
        </>
      )}
    </div>
  );
}
