// Which Meta action types count as conversions, per organization (issue 30, decision 731). The
// choice is kept by the sources module (it is a setting of the organization's Meta source) and
// read by modelling when it next builds the conversions model.
import {
  can,
  ConversionSettingsErrorType,
  isChoosableActionType,
  META_ACTION_TYPE_OPTIONS,
  META_DEFAULT_CONVERSION_ACTION_TYPES,
  type ConversionSettings,
  type ConversionSettingsUpdate,
} from '@maya/contracts';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import { sourcesRepository as repo } from './repository';

const META = 'facebook_ads';

export function createConversionSettings(db: Database) {
  /** The Meta action types that count for the organization: its choice, else the default. */
  async function metaConversionActionTypes(organizationId: string): Promise<readonly string[]> {
    const chosen = await withOrganization(db, organizationId, (tx) => repo.conversionActionTypes(tx, META));
    return chosen ?? META_DEFAULT_CONVERSION_ACTION_TYPES;
  }

  async function settings(access: OrganizationAccess): Promise<ConversionSettings> {
    const chosen = await withOrganization(db, access.organizationId, (tx) =>
      repo.conversionActionTypes(tx, META),
    );
    return {
      service: META,
      options: META_ACTION_TYPE_OPTIONS.map((option) => ({ ...option })),
      default_action_types: [...META_DEFAULT_CONVERSION_ACTION_TYPES],
      action_types: chosen ?? [...META_DEFAULT_CONVERSION_ACTION_TYPES],
      is_default: chosen === null,
      can_edit: can(access, 'organization.update'),
    };
  }

  /** Sets what counts (null: the default); administrators only; an unknown type changes nothing. */
  async function update(
    access: OrganizationAccess,
    body: ConversionSettingsUpdate,
  ): Promise<ConversionSettings> {
    if (!can(access, 'organization.update')) {
      throw new AppError(403, ConversionSettingsErrorType.forbidden);
    }
    const unknown = body.action_types?.find((type) => !isChoosableActionType(type));
    if (unknown !== undefined) {
      throw new AppError(400, ConversionSettingsErrorType.unknownActionType, { action_type: unknown });
    }
    const types = body.action_types === null ? null : [...new Set(body.action_types)];
    await withOrganization(db, access.organizationId, (tx) =>
      repo.saveConversionActionTypes(tx, access.organizationId, META, types),
    );
    return settings(access);
  }

  return { settings, update, metaConversionActionTypes };
}
