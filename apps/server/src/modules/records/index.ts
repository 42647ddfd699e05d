// The public face of this module: other modules import only what is listed here (lint-enforced).
export { examFilesService, type ExamFilesService } from './exam-files.service.js';
export { recordsRepository } from './records.repository.js';
export { default as recordsPlugin } from './records.plugin.js';
export { toExamFile } from './records.mapper.js';
