// What each command type is called in the audit trail, a shipment's history and the sync
// panel's rejections, in the device's language (issue 30: the catalogue's lib.commands, read
// when shown).
import { t } from './i18n';
import { libId } from './i18n/lib-id';

type LabelledType = keyof typeof libId.commands;

function isLabelled(type: string): type is LabelledType {
  return Object.hasOwn(libId.commands, type);
}

/** The type's name for people; an unknown (newer) type as its words. */
export function commandLabel(type: string): string {
  return isLabelled(type) ? t(`lib.commands.${type}`) : type.replace(/_/g, ' ');
}

export const COMMAND_TYPES = Object.keys(libId.commands);
