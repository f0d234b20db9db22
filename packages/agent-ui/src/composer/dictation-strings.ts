/** The composer's dictation texts (`AgentUIStrings['dictation']`). */
export interface DictationStrings {
  /** The microphone button's name while idle. */
  start: string;
  /** The microphone button's name (and the indicator's button) while recording or listening. */
  stop: string;
  listening: string;
  recording: string;
  transcribing: string;
  /** Announced when the words landed in the composer. */
  inserted: string;
  denied: string;
  noDevice: string;
  unsupported: string;
  failed: string;
  tooLong: string;
  noSpeech: string;
}

export const dictationEnUS: DictationStrings = {
  start: 'Dictate',
  stop: 'Stop dictation',
  listening: 'Listening… speak now',
  recording: 'Recording…',
  transcribing: 'Transcribing…',
  inserted: 'Dictated text added to the message. Edit it, then send.',
  denied: 'Microphone access was denied. Allow the microphone for this site in the browser’s settings to dictate.',
  noDevice: 'No microphone was found. Connect one and try again.',
  unsupported: 'This browser does not support dictation. Type your message instead.',
  failed: 'The recording could not be turned into text. Try again.',
  tooLong: 'The recording is too long. Dictate a shorter message.',
  noSpeech: 'No speech was heard. Try again.',
};

export const dictationZhCN: DictationStrings = {
  start: '语音输入',
  stop: '停止语音输入',
  listening: '正在聆听…请说话',
  recording: '正在录音…',
  transcribing: '正在转写…',
  inserted: '语音文字已加入消息，可编辑后发送。',
  denied: '麦克风权限被拒绝。请在浏览器的网站设置中允许使用麦克风后再试。',
  noDevice: '未找到麦克风。请连接麦克风后重试。',
  unsupported: '此浏览器不支持语音输入，请直接输入文字。',
  failed: '录音未能转写为文字，请重试。',
  tooLong: '录音太长，请说得简短一些。',
  noSpeech: '没有听到语音，请重试。',
};
