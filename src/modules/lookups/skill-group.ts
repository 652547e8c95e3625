import { Type } from '@sinclair/typebox';
import { skillCategories, skills } from '../../core/db/tables/index.ts';
import { codeOf, type LookupGroup, optionalReference } from './group-definition.ts';
import { Code, Nullable } from './schemas.ts';

/** Skills (the table the production skills routes share): a category and a certification flag. */
export const SKILLS: LookupGroup = {
  route: 'skills',
  name: 'SkillDefinition',
  names: 'SkillDefinitions',
  entity: 'skill',
  label: 'skill',
  table: skills,
  arabicRequired: true,
  bodyFields: {
    categoryCode: Type.Optional(Nullable(Code)),
    requiresCertification: Type.Optional(Type.Boolean({ default: false })),
  },
  recordFields: {
    categoryCode: Nullable(Type.String()),
    requiresCertification: Type.Boolean(),
  },
  select: {
    categoryCode: codeOf(skillCategories, skills.categoryId),
    requiresCertification: skills.requiresCertification,
  },
  ruleCodes: ['SKILL_CATEGORY_UNKNOWN'],
  async columns(tx, buId, body) {
    const categoryId = await optionalReference(
      tx,
      skillCategories,
      buId,
      body.categoryCode,
      'categoryCode',
      'SKILL_CATEGORY_UNKNOWN',
    );
    return { categoryId, requiresCertification: body.requiresCertification === true };
  },
  view: (extra) => ({
    categoryCode: extra.categoryCode ?? null,
    requiresCertification: extra.requiresCertification === true,
  }),
};
