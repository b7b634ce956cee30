import { useId } from "react";
import { useNavigate } from "react-router";
import type { NewsItem } from "@brokerage/api";
import { formatDateTime } from "../../../lib/format";
import { saveArticleId } from "../article";

/**
 * One article in a list: its title, the summary (two lines at most), the instrument of a stock article and
 * when it was published. The row is one button named by the title, the rest its description; tapping
 * opens the article.
 */
export function NewsRow({ item }: { item: NewsItem }) {
  const navigate = useNavigate();
  const id = useId();
  const open = () => {
    saveArticleId(item.id);
    void navigate("/home/newsDetail");
  };
  return (
    <li className="news-row">
      <button
        type="button"
        className="news-row__main"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-more`}
        onClick={open}
      >
        <span id={`${id}-title`} className="news-row__title">
          {item.title}
        </span>
        <span id={`${id}-more`} className="news-row__more">
          {item.summary && <span className="news-row__summary">{item.summary}</span>}
          <span className="news-row__meta">
            {item.symbol && (
              <span className="news-row__stock">
                {item.name && <span className="news-row__name">{item.name}</span>}
                <span className="news-row__code">{item.symbol}</span>
              </span>
            )}
            <time className="news-row__time" dateTime={item.publishedAt}>
              {formatDateTime(new Date(item.publishedAt))}
            </time>
          </span>
        </span>
      </button>
    </li>
  );
}
