/**
 * Repairs of the gantt library's markup so that assistive technology reads it right: the task grid is a tree
 * (rows expand), a header row index of 0 is invalid, column grips are presentation without a label, and the
 * scrolling chart takes the keyboard focus with a name. Applied again whenever the library redraws.
 */
export function repairGanttMarkup(root: HTMLElement): void {
  root.querySelectorAll('[role="grid"]').forEach((grid) => grid.setAttribute('role', 'treegrid'));
  root.querySelectorAll('[aria-rowindex="0"]').forEach((row) => row.removeAttribute('aria-rowindex'));
  root.querySelectorAll('[role="presentation"][aria-label]').forEach((grip) => grip.removeAttribute('aria-label'));
  root.querySelectorAll<HTMLElement>('.wx-chart').forEach((chart) => {
    if (chart.tabIndex !== 0) chart.tabIndex = 0;
    if (chart.getAttribute('aria-label') !== 'Gantt chart') {
      chart.setAttribute('role', 'region');
      chart.setAttribute('aria-label', 'Gantt chart');
    }
  });
}

/** Keeps the markup repaired while the gantt lives; answers the stop. */
export function keepGanttMarkupRepaired(root: HTMLElement): () => void {
  repairGanttMarkup(root);
  const observer = new MutationObserver(() => repairGanttMarkup(root));
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-rowindex', 'aria-label'] });
  return () => observer.disconnect();
}
