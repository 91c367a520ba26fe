import type { AppDeps } from '../../app-deps';
import {
  menuInputSchema,
  menuItemAvailabilitySchema,
  menuItemInputSchema,
  menuSectionCreateSchema,
  menuSectionInputSchema,
  ownerMenuItemSchema,
  publishedInputSchema,
  ownerMenusSchema,
  sortMenuInputSchema,
} from '../../../shared/owner-catalogue';
import { firmIdQuerySchema } from '../../../shared/workspace';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { createRoute, createRouter, idParam, json, jsonBody, problems, SIGNED_IN } from '../../lib/openapi';
import { employmentOf, entityFirm, requireEmployment } from '../../lib/permissions';
import { contentImages } from '../../lib/workspace-content';
import { publishMenuAvailability } from '../menus/menu-live';
import { createOwnerMenuService } from './owner-menus.service';

const tags = ['Workspace: menus'];
const security = SIGNED_IN;
const menuFirm = entityFirm('menus', 'id');
const itemFirm = entityFirm('menu_items', 'id');
const sectionFirm = entityFirm('menu_sections', 'id');
const menusResponse = json(ownerMenusSchema, "The firm's menus.", 'OwnerMenus');
const itemResponse = json(ownerMenuItemSchema, 'The item.', 'OwnerMenuItem');

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.view')],
  summary: "The firm's menus with their items, in the public page's order",
  request: { query: firmIdQuerySchema },
  responses: { 200: menusResponse, ...problems(400, 401, 403) },
});
const createMenu = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: 'Adds a menu (Breakfast, Drinks…), if the plan allows one more (CREATE_MENU)',
  request: { query: firmIdQuerySchema, body: jsonBody(menuInputSchema) },
  responses: { 201: menusResponse, ...problems(400, 401, 403) },
});
const updateMenu = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', menuFirm)],
  summary: 'Renames a menu, changes its description or when it is served (its days and hours on the firm clock)',
  request: { params: idParam, body: jsonBody(menuInputSchema) },
  responses: { 200: menusResponse, ...problems(400, 401, 403, 404) },
});
const publishMenu = createRoute({
  method: 'patch',
  path: '/{id}/published',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', menuFirm)],
  summary: 'Shows the menu with its items on the public pages, or hides it (kept in the workspace)',
  request: { params: idParam, body: jsonBody(publishedInputSchema) },
  responses: { 200: menusResponse, ...problems(400, 401, 403, 404) },
});
const removeMenu = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', menuFirm)],
  summary: 'Deletes a menu with its items',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 403, 404) },
});

/** `/api/dashboard/menus`: the menus, and the pictures of their items. */
export function ownerMenuRoutes(deps: AppDeps) {
  const menus = createOwnerMenuService(deps.db, deps.clock);
  const images = contentImages(deps);
  const router = createRouter();
  images.mount(router, { tags, permission: 'catalogue.edit', what: 'a menu item' });
  return router
    .openapi(list, async (c) => c.json(await menus.list(employmentOf(c).firmId), 200, PRIVATE_NO_STORE))
    .openapi(createMenu, async (c) => c.json(await menus.createMenu(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(updateMenu, async (c) =>
      c.json(await menus.updateMenu(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json')), 200, PRIVATE_NO_STORE),
    )
    .openapi(publishMenu, async (c) =>
      c.json(
        await menus.setMenuPublished(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').published),
        200,
        PRIVATE_NO_STORE,
      ),
    )
    .openapi(removeMenu, async (c) => {
      await images.discardUnused(await menus.removeMenu(employmentOf(c).firmId, c.req.valid('param').id));
      return c.body(null, 204);
    });
}

const getItem = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.view', itemFirm)],
  summary: 'A menu item as its editor reads it',
  request: { params: idParam },
  responses: { 200: itemResponse, ...problems(401, 403, 404) },
});
const createItem = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: 'Adds an item to one of the firm’s menus, if the plan allows one more (CREATE_MENU_ITEM)',
  request: { query: firmIdQuerySchema, body: jsonBody(menuItemInputSchema) },
  responses: { 201: itemResponse, ...problems(400, 401, 403) },
});
const updateItem = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', itemFirm)],
  summary: 'Saves the whole item (moving it to another menu puts it last there)',
  request: { params: idParam, body: jsonBody(menuItemInputSchema) },
  responses: { 200: itemResponse, ...problems(400, 401, 403, 404) },
});
const availability = createRoute({
  method: 'patch',
  path: '/{id}/availability',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', itemFirm)],
  summary: 'Marks an item sold out today, or available again',
  request: { params: idParam, body: jsonBody(menuItemAvailabilitySchema) },
  responses: { 200: itemResponse, ...problems(400, 401, 403, 404) },
});
const removeItem = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', itemFirm)],
  summary: 'Deletes a menu item',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted.' }, ...problems(401, 403, 404) },
});

/** `/api/dashboard/menu-items`. */
export function ownerMenuItemRoutes(deps: AppDeps) {
  const menus = createOwnerMenuService(deps.db, deps.clock);
  const images = contentImages(deps);
  return createRouter()
    .openapi(getItem, async (c) => c.json(await menus.readItem(c.req.valid('param').id), 200, PRIVATE_NO_STORE))
    .openapi(createItem, async (c) => c.json(await menus.createItem(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE))
    .openapi(updateItem, async (c) => {
      const { item, released } = await menus.updateItem(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json'));
      await images.discardUnused([released]);
      return c.json(item, 200, PRIVATE_NO_STORE);
    })
    .openapi(availability, async (c) => {
      const { firmId } = employmentOf(c);
      const { available } = c.req.valid('json');
      const item = await menus.setAvailability(firmId, c.req.valid('param').id, available);
      await publishMenuAvailability(deps, { firmId, itemId: item.id, available });
      return c.json(item, 200, PRIVATE_NO_STORE);
    })
    .openapi(removeItem, async (c) => {
      await images.discardUnused([await menus.removeItem(employmentOf(c).firmId, c.req.valid('param').id)]);
      return c.body(null, 204);
    });
}

const createSection = createRoute({
  method: 'post',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: 'Adds a section (Hot, Cold…) last in one of the firm’s menus',
  request: { query: firmIdQuerySchema, body: jsonBody(menuSectionCreateSchema) },
  responses: { 201: menusResponse, ...problems(400, 401, 403) },
});
const renameSection = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', sectionFirm)],
  summary: 'Renames a menu section',
  request: { params: idParam, body: jsonBody(menuSectionInputSchema) },
  responses: { 200: menusResponse, ...problems(400, 401, 403, 404) },
});
const removeSection = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit', sectionFirm)],
  summary: 'Deletes an empty menu section',
  description:
    'A section that still holds items is refused with 409 `section_not_empty` (nothing deleted): move or delete its items first.',
  request: { params: idParam },
  responses: { 200: menusResponse, ...problems(401, 403, 404, 409) },
});

/** `/api/dashboard/menu-sections`: the sections inside a menu. */
export function menuSectionRoutes(deps: AppDeps) {
  const menus = createOwnerMenuService(deps.db, deps.clock);
  return createRouter()
    .openapi(createSection, async (c) =>
      c.json(await menus.createSection(employmentOf(c).firmId, c.req.valid('json')), 201, PRIVATE_NO_STORE),
    )
    .openapi(renameSection, async (c) =>
      c.json(await menus.renameSection(employmentOf(c).firmId, c.req.valid('param').id, c.req.valid('json').name), 200, PRIVATE_NO_STORE),
    )
    .openapi(removeSection, async (c) => {
      const firmId = employmentOf(c).firmId;
      await menus.removeSection(firmId, c.req.valid('param').id);
      return c.json(await menus.list(firmId), 200, PRIVATE_NO_STORE);
    });
}

const sort = createRoute({
  method: 'put',
  path: '/',
  tags,
  security,
  middleware: [requireEmployment('catalogue.edit')],
  summary: 'Saves the order of the menus, their sections and their items at once',
  description:
    'The body names every menu of the firm with every one of its sections, each with every one of its items, in the new order ' +
    '(an item may change section or menu, a section menu). A list that is not exactly the firm’s menus, sections and items is ' +
    '409 `menu_changed`; nothing is saved.',
  request: { query: firmIdQuerySchema, body: jsonBody(sortMenuInputSchema) },
  responses: { 200: menusResponse, ...problems(400, 401, 403, 409) },
});

/** `/api/dashboard/sort-menu`. */
export function sortMenuRoutes(deps: AppDeps) {
  const menus = createOwnerMenuService(deps.db, deps.clock);
  return createRouter().openapi(sort, async (c) =>
    c.json(await menus.sort(employmentOf(c).firmId, c.req.valid('json')), 200, PRIVATE_NO_STORE),
  );
}
