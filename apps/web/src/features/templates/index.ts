/** Mission templates: choosing one for a new mission, saving a mission as one, managing them. */
export { SaveAsTemplate } from './SaveAsTemplate.tsx';
export { TemplatePicker } from './TemplatePicker.tsx';
export { TemplatesManager } from './TemplatesManager.tsx';
