/* What the routes of the people seams share. */

/** The OpenAPI tag of every people route. */
export const tags = ['people'];
