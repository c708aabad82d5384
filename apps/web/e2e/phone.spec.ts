import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, licensedMission, lookInBothModes, signIn } from './support.ts';

/**
 * What a screen shows beyond the right edge of the window without a scrolling box of its own to reach it from (a
 * table that scrolls sideways in its container is fine; a button cut off by the screen's side is not).
 */
const offTheSide = (page: Page) =>
  page.evaluate(() => {
    const scrolls = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const reachable = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) if (scrolls(parent)) return true;
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > window.innerWidth + 1 && !reachable(element);
      })
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`)
      .slice(0, 5);
  });

/** Lines the element's text takes, from its height and line height. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)));

test('on a 320 px phone the mission, organisation, cost report, budget, planner and board screens fit, titles whole, close in the corner', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { manager, org, mission } = await licensedMission(page, request, 'phone', 'light', 'EUR');
  const context = await browser.newContext({
    viewport: { width: 320, height: 640 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
  const phone = await context.newPage();
  await signIn(phone, manager.email);

  const fits = async (screen: string, dialog: string, closeName: string) => {
    await expect(phone.getByRole('dialog', { name: dialog })).toBeVisible();
    await expect(phone.getByRole('button', { name: closeName })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), `${screen}: page width`).toBe(320);
    expect(await offTheSide(phone), `${screen}: cut off at the right`).toEqual([]);
    // the close button keeps the top right corner
    const close = (await phone.getByRole('button', { name: closeName }).boundingBox())!;
    expect(close.x + close.width, `${screen}: close button`).toBeGreaterThan(260);
    expect(close.y, `${screen}: close button`).toBeLessThan(80);
  };

  await phone.goto(`/home?mission=${mission._id}`);
  await fits('mission', 'Mission Harbour cabins', 'Close the mission');
  // the title had a letter a line beside the team and its buttons
  expect(await linesOf(phone, '[data-testid="mission-title"]')).toBeLessThanOrEqual(2);
  await lookInBothModes(phone, 'phone-mission', { screen: 'mission on a phone' });

  await phone.goto(`/home?org=${org._id}`);
  await fits('organisation', 'Organisation Timber Works', 'Close the organisation');
  await expect(phone.getByRole('button', { name: 'Edit organisation' })).toBeInViewport();
  await lookInBothModes(phone, 'phone-org', { screen: 'organisation on a phone' });

  await phone.goto(`/home?money-org=${org._id}`);
  await fits('cost report', 'Cost report of Timber Works', 'Close the cost report');
  await expect(phone.getByRole('combobox', { name: 'Program' })).toBeInViewport({ ratio: 1 });
  await lookInBothModes(phone, 'phone-cost-report');

  await phone.goto(`/home?budget-bar=${mission._id}`);
  await fits('budget', 'Budget and costs of Harbour cabins', 'Close the budget');

  // the budget set-up takes the whole screen
  await phone.goto(`/home?budget-setup=${mission._id}`);
  await expect(phone.getByRole('dialog', { name: 'Budget set-up of Harbour cabins' })).toHaveCSS('width', '320px');
  await expect(phone.getByRole('textbox', { name: /budget/i }).first()).toBeInViewport({ ratio: 1 });
  expect(await offTheSide(phone)).toEqual([]);
  await lookInBothModes(phone, 'phone-budget-setup', { screen: 'budget set-up on a phone' });

  // the resource planner takes the whole screen, so its grouping switch fits whole
  await phone.goto(`/home?planner=${org._id}`);
  await expect(phone.getByRole('dialog', { name: 'Resource planner' })).toHaveCSS('width', '320px');
  await expect(phone.getByRole('radio', { name: 'Everyone' })).toBeInViewport({ ratio: 1 });
  expect(await offTheSide(phone)).toEqual([]);

  // the board's missions table scrolls in its own box; the page stays as wide as the phone
  await phone.goto('/board');
  await expect(phone.getByTestId('launchpad')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  expect(await offTheSide(phone)).toEqual([]);
  await expectAccessible(phone, 'board on a phone');
  await context.close();
});
