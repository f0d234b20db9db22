import type { Catalogue } from './catalogue.js';
import es_ES from './es_ES.js';

/** Spanish (United States): the Spanish catalogue with Latin American usage (preterite, “ ” quotes, “en vivo”). */
const catalogue: Catalogue = {
  ...es_ES,
  locale: 'es-US',
  chat: {
    ...es_ES.chat,
    compactionMarker: 'Se resumieron los mensajes anteriores',
  },
  composer: {
    ...es_ES.composer,
    fileTooLarge: '“{name}” supera {maxSize} y no se adjuntó.',
    fileTypeRefused: '“{name}” no es un tipo de archivo admitido y no se adjuntó.',
    uploadingFile: 'Subiendo “{name}”',
    uploadFailed: 'No se pudo subir “{name}”: {reason} Quítalo para enviar.',
  },
  approval: {
    ...es_ES.approval,
    expired: 'Venció: no se respondió antes de que la conversación avanzara',
    instructions: '“Aprobar” lo ejecuta tal como se muestra, “Editar entrada” cambia los datos con los que se ejecuta y “Rechazar” lo detiene (puedes indicar el motivo).',
  },
  errors: {
    ...es_ES.errors,
    title: 'Algo salió mal',
    connectionLost: 'Se perdió la conexión. Revisa tu red y vuelve a intentarlo.',
    codes: {
      ...es_ES.errors.codes,
      bad_json: 'No se pudo leer la solicitud. Vuelve a cargar la página e inténtalo de nuevo.',
      invalid_cursor: 'No se pudo cargar la conversación desde donde quedó. Vuelve a cargar la página.',
      invalid_body: 'La solicitud no era válida. Vuelve a cargar la página e inténtalo de nuevo.',
      invalid_messages: 'No se pudieron enviar los mensajes tal como están. Vuelve a cargar la página e inténtalo de nuevo.',
      unauthorized: 'Cerraste sesión. Inicia sesión y vuelve a intentarlo.',
      mcp_app_unavailable: 'No se pudo cargar esta aplicación.',
      history_mismatch: 'Esta conversación cambió en otra pestaña o ventana. Vuelve a cargarla e inténtalo de nuevo.',
      approval_not_pending: 'Esta aprobación ya se respondió.',
      unsupported_media_type: 'La solicitud no era válida. Vuelve a cargar la página e inténtalo de nuevo.',
      internal_error: 'Algo salió mal en el servidor. Vuelve a intentarlo.',
      transcription_failed: 'No se pudo convertir la grabación en texto. Vuelve a intentarlo.',
    },
  },
  dictation: {
    ...es_ES.dictation,
    inserted: 'Se agregó el texto dictado al mensaje. Edítalo y luego envíalo.',
    denied: 'Se denegó el acceso al micrófono. Permite el micrófono para este sitio en la configuración del navegador para dictar.',
    noDevice: 'No se encontró ningún micrófono. Conecta uno y vuelve a intentarlo.',
    failed: 'No se pudo convertir la grabación en texto. Vuelve a intentarlo.',
    noSpeech: 'No se escuchó ninguna voz. Vuelve a intentarlo.',
  },
  queue: {
    ...es_ES.queue,
    paused: 'La cola está en pausa. Usa “Enviar ahora” para continuar.',
    pausedFailed: 'La cola está en pausa: la respuesta falló. Usa “Enviar ahora” para continuar.',
    pausedStopped: 'La cola está en pausa: se detuvo la respuesta. Usa “Enviar ahora” para continuar.',
    pausedRestored: 'La cola está en pausa: estos mensajes se conservaron de antes de volver a cargar la página. Usa “Enviar ahora” para continuar.',
  },
  conversations: {
    ...es_ES.conversations,
    loadFailed: 'No se pudieron cargar las conversaciones.',
    deleted: 'Se eliminó “{title}”',
  },
  timeline: { ...es_ES.timeline, loadFailed: 'No se pudo cargar la ejecución.' },
  mcpApp: {
    ...es_ES.mcpApp,
    noStart: 'Esta aplicación no se inició. El chat continúa sin ella.',
    flooded: 'Esta aplicación se detuvo porque envió demasiados mensajes. El chat continúa sin ella.',
    callToolRejected: 'El usuario rechazó esta llamada a herramienta.',
  },
  inspector: { ...es_ES.inspector, live: 'en vivo' },
};

export default catalogue;
