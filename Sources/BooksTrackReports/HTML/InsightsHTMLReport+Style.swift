extension InsightsHTMLReport {
    /// The page's only stylesheet: cards in a grid that wraps from one column on a phone to three
    /// on a desktop, system fonts, light colours with dark text, and a print layout without shadows.
    static let style = """
        :root { color-scheme: light; --text: #1f2937; --muted: #4b5563; --line: #dde3ea; --card: #ffffff; --page: #f3f5f8; }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--page); color: var(--text); line-height: 1.45;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; font-size: 16px; }
        header, main, footer { max-width: 1240px; margin: 0 auto; padding: 0 16px; }
        header { padding-top: 24px; }
        h1 { font-size: 1.75rem; margin: 0 0 4px; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 0 0 12px; }
        h3 { font-size: 0.95rem; margin: 12px 0 6px; color: var(--muted); }
        .subtitle { margin: 0 0 16px; color: var(--muted); }
        .figures { list-style: none; margin: 0 0 16px; padding: 0; display: grid; gap: 10px;
          grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
        .figures li { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
        .figures .value { display: block; font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; }
        .figures .name { display: block; color: var(--muted); font-size: 0.875rem; }
        .grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr)); }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px;
          box-shadow: 0 1px 2px rgba(15, 23, 42, 0.06); min-width: 0; }
        .card.wide { grid-column: 1 / -1; }
        .subgrid { display: grid; gap: 8px 28px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr)); }
        figure { margin: 0; min-width: 0; }
        figcaption { font-weight: 600; font-size: 0.9rem; margin: 8px 0 4px; }
        svg.chart { display: block; width: 100%; height: auto; max-width: 540px; overflow: visible; }
        svg.chart + svg.chart { margin-top: 12px; }
        .note { color: var(--muted); font-size: 0.875rem; margin: 8px 0 0; }
        .empty { color: var(--muted); font-style: italic; margin: 4px 0; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; background: #eef1f5;
          padding: 1px 4px; border-radius: 4px; font-style: normal; }
        .pairs { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
        .pairs dt { color: var(--muted); }
        .pairs dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: 16px; }
        .columns h3 { margin-top: 0; }
        .ranking { margin: 0; padding-left: 1.4em; }
        .ranking li { padding: 2px 0; overflow-wrap: anywhere; }
        .ranking .count { color: var(--muted); font-variant-numeric: tabular-nums; }
        .ranking .count::before { content: "· "; }
        .table { overflow-x: auto; }
        td cite { overflow-wrap: normal; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
        th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        thead th { color: var(--muted); font-weight: 600; white-space: nowrap; }
        td:nth-of-type(-n+5) { font-variant-numeric: tabular-nums; white-space: nowrap; }
        td:nth-of-type(n+6) { min-width: 10em; }
        cite { font-style: italic; overflow-wrap: anywhere; }
        footer { color: var(--muted); font-size: 0.8rem; padding-top: 16px; padding-bottom: 24px; }
        @media (max-width: 700px) {
          table, tbody, tr, th, td { display: block; }
          thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
          tr { padding: 8px 0; border-bottom: 1px solid var(--line); }
          tbody th { border: 0; padding: 0 0 4px; font-size: 1rem; }
          td { display: grid; grid-template-columns: 9em 1fr; gap: 8px; border: 0; padding: 2px 0; white-space: normal; }
          td:nth-of-type(n+6) { min-width: 0; }
          td::before { content: attr(data-label); color: var(--muted); }
        }
        @media (max-width: 480px) {
          header, main, footer { padding-left: 10px; padding-right: 10px; }
          .card { padding: 12px; }
          .figures { grid-template-columns: repeat(2, 1fr); }
          .figures .value { font-size: 1.3rem; }
        }
        @media print {
          body { background: #fff; font-size: 11pt; }
          .card, .figures li { box-shadow: none; border-color: #bbb; break-inside: avoid; }
          .grid { grid-template-columns: repeat(2, 1fr); }
          svg.chart { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          .table { overflow: visible; }
        }
        """
}
