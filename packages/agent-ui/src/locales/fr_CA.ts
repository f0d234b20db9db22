import type { Catalogue } from './catalogue.js';
import fr_FR from './fr_FR.js';

/** French (Canada): the French catalogue with Canadian usage (“téléverser”, no space before ? in questions). */
const catalogue: Catalogue = {
  ...fr_FR,
  locale: 'fr-CA',
  composer: {
    ...fr_FR.composer,
    uploadingFile: 'Téléversement de « {name} »',
    uploadFailed: 'Impossible de téléverser « {name} » : {reason} Retirez-le pour envoyer le message.',
  },
  message: { ...fr_FR.message, feedbackReasonLabel: 'Qu’est-ce qui n’était pas utile? (facultatif)' },
  approval: {
    ...fr_FR.approval,
    title: 'Autoriser l’exécution de {tool}?',
    announcement: 'En attente de votre approbation : autoriser l’exécution de {tool}?',
  },
  dictation: {
    ...fr_FR.dictation,
    denied: 'L’accès au microphone a été refusé. Autorisez le microphone pour ce site dans les paramètres du navigateur pour dicter.',
    noDevice: 'Aucun microphone détecté. Branchez-en un et réessayez.',
  },
};

export default catalogue;
