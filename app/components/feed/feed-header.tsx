import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { Icon } from "~/components/ui/icon";
import { feedUrl, type FeedState } from "~/lib/feed-url";
import { INFORMATION_PAGES } from "~/lib/information-pages";

const SEARCH_DEBOUNCE_MS = 400;

/** Sticky header: brand (refresh), search, category menu and the main menu. */
export function FeedHeader({
  state,
  categories,
  signedIn,
  onRefresh,
}: {
  state: FeedState;
  categories: Array<{ id: string; name: string }>;
  signedIn: boolean;
  onRefresh: () => void;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-2xl items-center gap-2 px-3 py-2">
        <a
          href={feedUrl(state)}
          onClick={(event) => {
            event.preventDefault();
            onRefresh();
          }}
          className="tap shrink-0 text-xl font-bold text-brand-600"
          aria-label="iSent: refresh the feed"
        >
          iSent
        </a>
        <SearchForm state={state} />
        <MainMenu signedIn={signedIn} />
      </div>
      <div className="mx-auto max-w-2xl px-3 pb-2">
        <CategoryMenu state={state} categories={categories} />
      </div>
    </header>
  );
}

function SearchForm({ state }: { state: FeedState }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(state.q ?? "");
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const withoutSearch = feedUrl(state, { q: undefined });
  useEffect(() => setValue(state.q ?? ""), [state.q]);
  // Words typed while the page's code was still loading are in the box but not in React's state,
  // and the next render would blank them: take them in (and search for them).
  useEffect(() => {
    const early = input.current?.value ?? "";
    if (early === (state.q ?? "")) return;
    typed.current = true;
    setValue(early);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  // As-you-type search with JavaScript; the form still submits without it.
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(
      () => navigate(feedUrl(state, { q: value.trim() || undefined }), { replace: true, preventScrollReset: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [value]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Form method="get" action="/" role="search" className="relative min-w-0 flex-1">
      {/* The rest of the feed state, kept when the search changes. */}
      {[...new URLSearchParams(withoutSearch.slice(2))].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="feed-search" className="sr-only">
        Search
      </label>
      <input
        id="feed-search"
        ref={input}
        // A text box with the keyboard's search key: type="search" would add the browser's own clear
        // button beside ours (a link, which works without JavaScript).
        type="text"
        inputMode="search"
        enterKeyHint="search"
        name="q"
        value={value}
        onChange={(event) => {
          typed.current = true;
          setValue(event.target.value);
        }}
        placeholder="Search posts, #hashtags, or business"
        maxLength={200}
        className="min-h-11 w-full rounded-full border border-slate-300 bg-slate-50 py-2 pl-4 pr-11 text-sm focus:border-brand-500 focus:bg-white focus:outline-none"
      />
      {value ? (
        <Link
          to={withoutSearch}
          onClick={() => {
            typed.current = false;
            setValue("");
          }}
          aria-label="Clear search"
          className="tap absolute right-0 top-1/2 -translate-y-1/2 justify-center rounded-full text-lg leading-none text-slate-500 hover:text-slate-800"
        >
          ×
        </Link>
      ) : null}
    </Form>
  );
}

function CategoryMenu({ state, categories }: { state: FeedState; categories: Array<{ id: string; name: string }> }) {
  return (
    <details className="group relative inline-block">
      <summary className="tap cursor-pointer list-none gap-1 rounded-full border border-slate-300 px-4 text-sm text-slate-700 marker:hidden hover:bg-slate-50">
        {state.category ?? "All categories"} <span aria-hidden>▾</span>
      </summary>
      <ul className="absolute left-0 z-40 mt-1 max-h-80 w-56 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        <li>
          <Link to={feedUrl(state, { category: undefined })} className="flex min-h-11 items-center px-3 text-sm hover:bg-slate-50">
            All categories
          </Link>
        </li>
        {categories.length === 0 ? (
          <li className="px-3 py-2 text-sm text-slate-500">No categories</li>
        ) : (
          categories.map((category) => (
            <li key={category.id}>
              <Link
                to={feedUrl(state, { category: category.name })}
                aria-current={category.name.toLowerCase() === state.category?.toLowerCase() ? "true" : undefined}
                className="flex min-h-11 items-center px-3 text-sm hover:bg-slate-50 aria-[current]:font-semibold aria-[current]:text-brand-700"
              >
                {category.name}
              </Link>
            </li>
          ))
        )}
      </ul>
    </details>
  );
}

function MainMenu({ signedIn }: { signedIn: boolean }) {
  return (
    <details className="relative">
      <summary
        className="tap cursor-pointer list-none justify-center rounded-full text-slate-700 marker:hidden hover:bg-slate-100"
        aria-label="Menu"
      >
        <Icon name="menu" className="h-6 w-6" />
      </summary>
      <nav className="absolute right-0 z-40 mt-1 w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        <Link
          to={signedIn ? "/app" : "/auth"}
          className="flex min-h-11 items-center px-4 text-sm font-semibold text-brand-700 hover:bg-slate-50"
        >
          {signedIn ? "Business Dashboard" : "Business Login"}
        </Link>
        {INFORMATION_PAGES.map((page) => (
          <Link key={page.path} to={page.path} className="flex min-h-11 items-center px-4 text-sm hover:bg-slate-50">
            {page.label}
          </Link>
        ))}
      </nav>
    </details>
  );
}
