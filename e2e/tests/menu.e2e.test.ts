import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ITEM = {
  itemId: 'B-GBXQ',
  name: '宫保虾球',
  foreignName: 'Kung Pao shrimp',
  printName: 'KP SHRIMP',
  initials: 'gbxq',
};

/** A real photo-sized PNG drawn by the browser itself, so the server's content check and resize see an image. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 700;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c0392b';
    ctx.fillRect(0, 0, 900, 700);
    ctx.fillStyle = '#f5b041';
    ctx.beginPath();
    ctx.arc(450, 350, 220, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const libraryRow = (page: Page, text: string) =>
  page.locator('.ra-menu-library .ant-table-tbody .ant-table-row', { hasText: text });

async function searchLibrary(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: /Search items|搜索菜品/ });
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((u) => u.searchParams.get('q') === text);
}

describe('menu editor', () => {
  it('the manager adds a modifier group; a nested group that loops is refused naming the path; categories reorder from the keyboard', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'manager@demo.test');

    // a modifier group with two modifiers
    await page.goto(`${baseUrl()}/modifiergroup`);
    await page.getByRole('button', { name: 'Add modifier group' }).click();
    const groupDrawer = page.locator('.ant-drawer-open .ant-drawer-section').last();
    await groupDrawer.getByLabel('Name', { exact: true }).fill('Chili sauces');
    await groupDrawer.getByLabel('Modifier 1 name').fill('Mild');
    await groupDrawer.getByRole('button', { name: 'Add modifier' }).click();
    await groupDrawer.getByLabel('Modifier 2 name').fill('Volcano');
    await groupDrawer.getByLabel('Modifier 2 price').fill('0.75');
    await expect.poll(() => groupDrawer.locator('[data-selection-rule]').innerText()).toBe('Optional · Up to 1');
    await shot(page, 'menu-modifier-group-en');
    await groupDrawer.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-modifier-group-row="Chili sauces"]').waitFor({ timeout: 15_000 });

    // nesting: Chili sauces opens Size; Size opening Chili sauces again is a loop, refused naming the path
    const editGroup = async (name: string) => {
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      await groupDrawer.getByLabel('Name', { exact: true }).waitFor();
    };
    const opens = async (group: string) => {
      const field = groupDrawer.locator('.ant-select', { has: page.getByLabel('Modifier 1 opens group') });
      // a click that lands while the list is still sliding open can miss on a busy machine: the field
      // must show the group before saving, or the group is picked again
      for (let attempt = 1; ; attempt += 1) {
        await groupDrawer.getByLabel('Modifier 1 opens group').click();
        await page.keyboard.type(group);
        await page
          .locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${group}"]`)
          .click();
        try {
          await expect.poll(() => field.innerText(), { timeout: 3_000 }).toContain(group);
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await groupDrawer.getByRole('button', { name: 'Save' }).click();
    };
    await editGroup('Chili sauces');
    await opens('Size');
    await expect.poll(() => page.locator('.ant-drawer-open').count(), { timeout: 15_000 }).toBe(0);
    await editGroup('Size');
    await opens('Chili sauces');
    await expect
      .poll(() => groupDrawer.locator('[data-form-failure]').innerText(), { timeout: 15_000 })
      .toBe('A modifier group cannot open itself, directly or through other groups: Size › Chili sauces › Size');
    await shot(page, 'menu-modifier-loop-en');
    await groupDrawer.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Leave without saving' }).click();

    // categories reorder from the keyboard: Space picks up, an arrow moves, Space drops
    await page.goto(`${baseUrl()}/category`);
    const categoryOrder = () =>
      page
        .locator('[data-category-row]')
        .evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-category-row')));
    await expect.poll(categoryOrder, { timeout: 15_000 }).toEqual(['Raw bar', 'Starters']);
    await page.getByRole('button', { name: 'Move Raw bar' }).focus();
    // dnd-kit announces each step in its live region: wait for it before the next key
    const announced = () => page.locator('[id^="DndLiveRegion"]').innerText();
    await page.keyboard.press('Space');
    await expect.poll(announced).toContain('Raw bar moved to position 1 of');
    await page.keyboard.press('ArrowDown');
    await expect.poll(announced).toContain('Raw bar moved to position 2 of');
    await page.keyboard.press('Space');
    await expect.poll(categoryOrder).toEqual(['Starters', 'Raw bar']);
    await page.reload();
    await expect.poll(categoryOrder, { timeout: 15_000 }).toEqual(['Starters', 'Raw bar']);

    await context.close();
  });

  it('the manager adds an item with an option, the modifier group, dish hours and a photo; finds it by pinyin initials; marks it sold out; bulk-edits prices', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'manager@demo.test');

    // the item: first the SPEC's messages for what is missing
    await page.goto(`${baseUrl()}/AddItem`);
    const save = page.locator('.ra-item-form__actions').getByRole('button', { name: 'Save' });
    await save.click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts())
      .toEqual(
        expect.arrayContaining([
          'Please enter the item_id',
          'Please enter the name',
          'Please enter the print name',
          'Please enter the price',
        ]),
      );
    await page.getByLabel('Item ID (item_id)').fill(ITEM.itemId);
    await page.getByLabel('Name', { exact: true }).fill(ITEM.name);
    await page.getByLabel('Foreign name', { exact: true }).fill(ITEM.foreignName);
    await page.getByLabel('Print name').fill(ITEM.printName);
    await page.getByLabel('Price', { exact: true }).fill('18.50');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option name').fill('Spice level');
    await page.getByLabel('Choice 1 name').fill('Medium');
    await page.getByLabel('Modifier groups').click();
    // the option list is virtual: type to bring the new group into view
    await page.keyboard.type('Chili');
    await page.locator('.ant-select-item-option[title="Chili sauces"]').click();
    await page.keyboard.press('Escape');
    await page.locator('#item-images input[type=file]').setInputFiles({
      name: 'shrimp.png',
      mimeType: 'image/png',
      buffer: await photo(page),
    });
    await page.locator('[data-item-image]').first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Dish hours as text').fill('11:00-14:30;1-5|17:00-22:00;0-6');
    await expect
      .poll(() => page.locator('[data-dish-hours-words]').innerText())
      .toBe('Mon–Fri 11:00–14:30; Every day 17:00–22:00');
    // the printers field offers the restaurant's printer devices
    const printers = page.getByLabel('Printers', { exact: true });
    // in the middle of the screen, so the open list is not under the form's action bar
    await printers.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await printers.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Kitchen printer"]').waitFor();
    await shot(page, 'menu-item-printers-en');
    await page.keyboard.press('Escape');
    await page.getByLabel('Item ID (item_id)').scrollIntoViewIfNeeded();
    await shot(page, 'menu-item-form-en');
    await save.click();
    await page.waitForURL((u) => u.pathname === '/EditItem', { timeout: 20_000 });
    await page.getByText('Version 1').first().waitFor();

    // found by the initials of its pinyin
    await page.goto(`${baseUrl()}/menu/newItemLibrary`);
    await searchLibrary(page, ITEM.initials);
    const rows = page.locator('.ra-menu-library .ant-table-tbody .ant-table-row');
    await expect.poll(() => rows.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(ITEM.name)]);
    await expect.poll(() => rows.first().innerText()).toContain('Mon–Fri 11:00–14:30; Every day 17:00–22:00');
    await shot(page, 'menu-library-pinyin-en');

    // 86 until the end of the business day
    await libraryRow(page, ITEM.name)
      .getByRole('switch', { name: `${ITEM.name} sold out` })
      .click();
    await page.locator('[data-sold-out-popover]').getByRole('button', { name: 'Mark sold out' }).click();
    await expect
      .poll(() => libraryRow(page, ITEM.name).getByRole('switch').getAttribute('aria-checked'), { timeout: 15_000 })
      .toBe('true');
    await expect.poll(() => libraryRow(page, ITEM.name).innerText()).toMatch(/Sold out until/);

    // bulk edit: both oyster dishes 10% dearer, previewed first
    await searchLibrary(page, 'oysters');
    await expect
      .poll(() => rows.allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('Half-dozen oysters'), expect.stringContaining('Dozen oysters')]);
    await page.getByRole('checkbox', { name: 'Select Half-dozen oysters' }).check();
    await page.getByRole('checkbox', { name: 'Select Dozen oysters' }).check();
    await page.locator('[data-selection-bar]').getByRole('button', { name: 'Bulk edit' }).click();
    const bulk = page.locator('.ant-drawer-open .ant-drawer-section').last();
    await bulk.getByText('Raise or lower by a percent').click();
    await bulk.getByLabel('Change by percent (negative lowers)').fill('10');
    await bulk.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => bulk.locator('[data-bulk-summary]').innerText(), { timeout: 15_000 })
      .toBe('2 items will change');
    await expect.poll(() => bulk.locator('.ant-table-tbody').innerText()).toContain('$21.45');
    await shot(page, 'menu-bulk-preview-en');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => libraryRow(page, 'Half-dozen oysters').innerText(), { timeout: 15_000 })
      .toContain('$21.45');
    await expect.poll(() => libraryRow(page, 'Dozen oysters').first().innerText()).toMatch(/\$21\.45|\$39\.60/);
    await context.close();
  });

  it('the manager edits the item, reads its history, restores the version before the edit and schedules a price change', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'manager@demo.test');
    await page.goto(`${baseUrl()}/menu/newItemLibrary?q=${ITEM.initials}`);
    await libraryRow(page, ITEM.name).getByRole('link', { name: ITEM.name }).click();
    await page.waitForURL((u) => u.pathname === '/EditItem', { timeout: 20_000 });
    // marking it sold out kept a version too: count from the version shown now
    const shown = page.getByText(/^Version \d+$/).first();
    await shown.waitFor({ timeout: 20_000 });
    const v0 = Number((await shown.innerText()).replace(/\D/g, ''));
    const save = page.locator('.ra-item-form__actions').getByRole('button', { name: 'Save' });

    // an edit keeps a version: the history names only what changed, and restores the one before
    await page.getByLabel('Price', { exact: true }).fill('19.00');
    await save.click();
    await page
      .getByText(`Version ${v0 + 1}`, { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.locator('.ant-drawer-open');
    await expect
      .poll(() => history.locator(`[data-version="${v0 + 1}"] li`).allInnerTexts(), { timeout: 15_000 })
      .toEqual(['Price: $18.50 → $19.00']);
    await shot(page, 'menu-item-history-en');
    await history.locator(`[data-version="${v0}"]`).getByRole('button', { name: 'Restore' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restore' }).click();
    await page
      .getByText(`Version ${v0 + 2}`, { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByLabel('Price', { exact: true }).inputValue()).toBe('18.50');

    // a price change scheduled for next week waits in the list under the form
    const week = new Date(clockNow().getTime() + 7 * 86_400_000);
    const day = `${week.getFullYear()}-${String(week.getMonth() + 1).padStart(2, '0')}-${String(week.getDate()).padStart(2, '0')}`;
    await page.getByRole('button', { name: 'Schedule a change' }).click();
    const dialog = page.getByRole('dialog', { name: /Schedule a change to/ });
    await dialog.getByLabel('Takes effect at').fill(`${day} 09:00`);
    await dialog.getByLabel('Takes effect at').press('Enter');
    await dialog.getByLabel('New price').fill('20.00');
    await shot(page, 'menu-item-schedule-en');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => page.getByText('Price becomes $20.00').count(), { timeout: 15_000 }).toBe(1);

    await context.close();
  });

  it('the image library tab: drops two photos in at once, shows which items use an image, deletes an unused one; in Chinese at phone width too', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'manager@demo.test', '/menu/newItemLibrary');
    await page.getByRole('tab', { name: 'Images' }).click();
    await page.waitForURL((u) => u.pathname === '/menu/imageLibrary');
    const card = (name: string) => page.locator(`[data-library-image="${name}"]`);

    // several at once into the drop zone, the same photo the item test used
    const png = await photo(page);
    await page.locator('.ra-image-library__upload input[type=file]').setInputFiles([
      { name: 'chowder-bowl.png', mimeType: 'image/png', buffer: png },
      { name: 'oyster-plate.png', mimeType: 'image/png', buffer: png },
    ]);
    await card('chowder-bowl.png').waitFor({ timeout: 30_000 });
    await card('oyster-plate.png').waitFor({ timeout: 30_000 });
    await expect.poll(() => card('oyster-plate.png').innerText()).toMatch(/Not used by any item/);
    await expect.poll(() => card('oyster-plate.png').innerText()).toMatch(/\d+ × \d+ px · \d+(\.\d)? (B|KB|MB)/);

    // the item test's photo is used by its item: the count opens the list, which links to the item
    const shrimp = card('shrimp.png').first();
    await expect.poll(() => shrimp.innerText(), { timeout: 15_000 }).toContain('Used by 1 item');
    await shot(page, 'menu-image-library-en');
    await shrimp.getByRole('button', { name: 'Used by 1 item: shrimp.png' }).click();
    const uses = page.getByRole('dialog', { name: 'Items using shrimp.png' });
    await expect.poll(() => uses.getByRole('link').allInnerTexts()).toEqual([ITEM.name]);
    await shot(page, 'menu-image-uses-en');
    await uses.getByRole('button', { name: 'Close' }).first().click();

    // an unused image is deleted after the question, from the keyboard
    await card('oyster-plate.png').getByRole('button', { name: 'Delete oyster-plate.png' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Delete oyster-plate.png?' });
    await expect.poll(() => ask.innerText()).toContain('It is not used anywhere else');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card('oyster-plate.png').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => card('chowder-bowl.png').count()).toBe(1);
    await context.close();

    // in Chinese at phone width: the cards two across, and a used image's question names its item
    const zh = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(zh.page, 'manager@demo.test', '/menu/imageLibrary');
    const zhCard = (name: string) => zh.page.locator(`[data-library-image="${name}"]`).first();
    await zhCard('chowder-bowl.png').waitFor({ timeout: 20_000 });
    await expect.poll(() => zhCard('shrimp.png').innerText()).toContain('1 个菜品在用');
    await shot(zh.page, 'menu-image-library-zh-phone');
    await zhCard('shrimp.png').getByRole('button', { name: '删除 shrimp.png' }).click();
    const zhAsk = zh.page.getByRole('dialog', { name: '删除 shrimp.png？' });
    await expect.poll(() => zhAsk.innerText()).toContain(ITEM.name);
    await shot(zh.page, 'menu-image-delete-used-zh-phone');
    await zhAsk.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => zhCard('shrimp.png').count()).toBe(1);
    await zh.context.close();

    const phone = await newPage(browser, { width: 390, height: 844 });
    await signInTo(phone.page, 'manager@demo.test', '/menu/imageLibrary');
    await phone.page.locator('[data-library-image="chowder-bowl.png"]').waitFor({ timeout: 20_000 });
    await shot(phone.page, 'menu-image-library-en-phone');
    await phone.context.close();
  });

  it('in Chinese at phone width: the library as cards, found by pinyin, and the item editor', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    await signInTo(page, 'manager@demo.test');
    await page.goto(`${baseUrl()}/menu/newItemLibrary?q=${ITEM.initials}`);
    const card = page.locator('[data-item-card]', { hasText: ITEM.name });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'menu-library-zh-phone');
    await card.getByRole('link', { name: ITEM.name }).click();
    await page.waitForURL((u) => u.pathname === '/EditItem');
    await page.getByText('基本信息').waitFor();
    await expect
      .poll(() => page.locator('[data-dish-hours-words]').innerText())
      .toBe('周一至周五 11:00–14:30；每天 17:00–22:00');
    await shot(page, 'menu-item-form-zh-phone');
    await page.goto(`${baseUrl()}/modifiergroup`);
    await page.locator('[data-modifier-group-row="Chili sauces"]').waitFor();
    await shot(page, 'menu-modifier-groups-zh-phone');
    await context.close();
  });
});
