import { Eye, EyeOff, ExternalLink } from 'lucide-react';
import { API, apiRequest, type AdminProject, type ProjectPayload } from '../api';
import { AddButton, byOrder, DeleteButton, EditButton, firstOrder, IfCanChange, ItemCard, ListState, PAGE_SIZE, ShowMore } from '../editor/ItemCard';
import { clashAsDraft } from '../editor/RecordForm';
import { SortableList } from '../editor/SortableList';
import { useEditor } from '../editor/useCollection';
import { wordsFor } from '../editor/words';
import { toastFailure } from '../feedback';
import { CLASH_LABELS as PROJECT_FIELD_LABELS, ProjectForm } from './ProjectForm';
import { draftFromProject, emptyProjectDraft, payloadFromProject } from './projectForm';
import { buttonStyles, TabHeading } from '../ui';
import { RecordHistory } from '../editor/HistoryPanel';

const words = wordsFor('Project');

/** Opens a draft as visitors will see it, through a link the server signs for an hour. */
async function openPreview(project: AdminProject) {
  // Opened before the call, so that the browser counts it as the click's own window.
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest<{ url: string }>('POST', `${API.projects}/${project.id}/preview`);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    toastFailure('Failed to open the preview', error);
  }
}

export function PortfolioTab() {
  const projects = useEditor<AdminProject, ProjectPayload>({ path: API.projects, words, payloadOf: payloadFromProject, pageSize: PAGE_SIZE });
  const { form, setForm } = projects;

  const setPublished = (project: AdminProject, isActive: boolean) =>
    projects.update(
      project.id,
      { ...payloadFromProject(project), isActive },
      project.version,
      isActive ? 'Project published' : 'Project unpublished',
    );

  const newOrder = firstOrder(projects.query.data);

  return (
    <section aria-labelledby="portfolio-heading">
      <TabHeading
        id="portfolio-heading"
        title="Portfolio"
        lead="Your projects and their case studies, in the order the site shows them. Only published projects are shown to visitors; a draft can be previewed."
        action={
          form.mode === 'closed' && <AddButton label="Add Project" onClick={() => setForm({ mode: 'create' })} />
        }
      />

      {form.mode !== 'closed' && (
        <ProjectForm
          key={form.mode === 'edit' ? form.item.id : 'new'}
          mode={form.mode}
          initial={form.mode === 'edit' ? draftFromProject(form.item) : emptyProjectDraft(newOrder)}
          // New work goes first (and so to the home page's first slots), above the list as it is when saved.
          onSave={async (payload, version) =>
            clashAsDraft(await projects.save(form.mode === 'create' ? { ...payload, order: newOrder } : payload, version), draftFromProject)
          }
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      <RecordHistory editor={projects} noun="project" labels={PROJECT_FIELD_LABELS} />

      <ListState query={projects.query} what="projects" empty="No projects yet. Add your first one.">
        {(data) => (
          <SortableList
            items={[...data].sort(byOrder)}
            label="Projects"
            nameOf={(project) => project.title}
            onReorder={(ids) => void projects.reorder(ids)}
            renderItem={(project) => (
              <ItemCard
                title={project.title}
                active={project.isActive}
                image={project.coverUrl ? { src: project.coverUrl, alt: `Cover of ${project.title}` } : undefined}
                actions={
                  <>
                    <EditButton name={project.title} onClick={() => setForm({ mode: 'edit', item: project })} />
                    <IfCanChange>
                      <button
                        type="button"
                        className={buttonStyles.plain}
                        aria-label={`${project.isActive ? 'Unpublish' : 'Publish'} ${project.title}`}
                        onClick={() => void setPublished(project, !project.isActive)}
                      >
                        {project.isActive ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
                        {project.isActive ? 'Unpublish' : 'Publish'}
                      </button>
                    </IfCanChange>
                    {project.isActive ? (
                      <a href={`/portfolio/${project.slug}`} target="_blank" rel="noopener" className={buttonStyles.plain}>
                        <ExternalLink aria-hidden="true" className="size-4" />
                        View on site<span className="sr-only">: {project.title} (opens in a new tab)</span>
                      </a>
                    ) : (
                      <IfCanChange>
                        <button type="button" className={buttonStyles.plain} onClick={() => void openPreview(project)}>
                          <Eye aria-hidden="true" className="size-4" />
                          Preview<span className="sr-only">: {project.title} (opens in a new tab)</span>
                        </button>
                      </IfCanChange>
                    )}
                    <DeleteButton name={project.title} busy={projects.busy === project.id} onClick={() => projects.remove(project)} />
                  </>
                }
              >
                <p className="mt-1 text-sm text-stone-600">
                  {project.category}
                  {project.year ? ` · ${project.year}` : ''}
                </p>
                {project.description && <p className="mt-1 line-clamp-2 text-sm text-stone-600">{project.description}</p>}
              </ItemCard>
            )}
          />
        )}
      </ListState>
      <ShowMore more={projects.more} what="projects" />
    </section>
  );
}
